import { describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { bracketDepth } from '../../src/graphql/nesting.js';

describe('bracketDepth (the pre-parse nesting limit)', () => {
  it.each([
    ['', 0],
    ['{ a }', 1],
    ['{ a(b: [1, {c: 2}]) { d } }', 4],
    ['query($v: [[Int]]) { a }', 3],
    // Brackets inside strings, block strings and comments do not count.
    ['{ a(s: "{{{{[[[(((") }', 2],
    ['{ a(s: "esc \\" {{{{") }', 2],
    ['{ a(s: """ {{{{ \\""" [[[[ """) }', 2],
    ['{ a # {{{{{{\n b }', 1],
    ['{ a(s: "unterminated {{{\n) }', 2],
    ['{'.repeat(5_000), 5_000],
  ])('%j → %i', (source, depth) => {
    expect(bracketDepth(source)).toBe(depth);
  });

  it('stops counting past the limit', () => {
    expect(bracketDepth('['.repeat(100_000), 64)).toBe(65);
  });

  it('the introspection query GraphiQL and codegen send is far inside the limit of 64', () => {
    expect(
      bracketDepth(
        getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }),
      ),
    ).toBeLessThan(20);
  });
});
