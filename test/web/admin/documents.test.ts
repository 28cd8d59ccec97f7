import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/graphql/schema.js';

/**
 * Every GraphQL document of the operator's pages (`/* GraphQL *\/` template strings in web/admin/src) is valid
 * against the schema: a page never asks for a field or argument the API does not have. Documents are plain strings
 * without interpolation; an operation that spreads a fragment is sent with that fragment's document of the same
 * file appended (`withFragments(OPERATION, FRAGMENT)`), and is checked so.
 */
const SRC = new URL('../../../web/admin/src/', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
const documents = files(SRC).flatMap((file) => {
  const texts = [...readFileSync(file, 'utf8').matchAll(/\/\* GraphQL \*\/ `([^`]*)`/g)].map((m) => m[1]!.trim());
  const fragments = new Map(texts.filter((t) => t.startsWith('fragment ')).map((t) => [t.split(/\s+/, 2)[1]!, t]));
  return texts
    .filter((t) => !t.startsWith('fragment '))
    .map((t) => ({
      file: file.slice(SRC.length),
      text: [t, ...[...fragments].filter(([name]) => new RegExp(`\\.\\.\\.${name}\\b`).test(t)).map(([, f]) => f)].join('\n'),
    }));
});

describe('operator page documents', () => {
  it('finds the documents', () => {
    expect(documents.length).toBeGreaterThan(1);
  });

  it.each(documents.map((d) => [d.file, d.text.split(/[\s({]/, 2)[1] ?? '', d.text] as const))('%s %s is valid against the schema', (_f, _name, text) => {
    expect(text).not.toContain('${');
    expect(validate(schema, parse(text)).map((e) => e.message)).toEqual([]);
  });
});
