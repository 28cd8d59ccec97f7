import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/graphql/schema.js';

/**
 * Every GraphQL document of the operator's pages (`/* GraphQL *\/` template strings in web/admin/src) is valid
 * against the schema: a page never asks for a field or argument the API does not have. Documents are plain strings
 * without interpolation, so what is checked is what is sent.
 */
const SRC = new URL('../../../web/admin/src/', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
const documents = files(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\/\* GraphQL \*\/ `([^`]*)`/g)].map((m) => ({ file: file.slice(SRC.length), text: m[1]! })),
);

describe('operator page documents', () => {
  it('finds the documents', () => {
    expect(documents.length).toBeGreaterThan(1);
  });

  it.each(documents.map((d) => [d.file, d.text.trim().split(/[\s({]/, 2)[1] ?? '', d.text] as const))(
    '%s %s is valid against the schema',
    (_f, _name, text) => {
      expect(text).not.toContain('${');
      expect(validate(schema, parse(text)).map((e) => e.message)).toEqual([]);
    },
  );
});
