import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function* tsFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'generated') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* tsFiles(p);
    else if (e.name.endsWith('.ts')) yield p;
  }
}

/** `SELECT *`, `SELECT t.*` or `RETURNING *`, except over `unnest(…)` of the statement's own parameters. */
const STAR = /\b(?:SELECT|RETURNING)\s+(?:DISTINCT\s+)?(?:\w+\.)?\*(?!\))(?!\s+FROM\s+unnest\()/gi;

describe('raw SQL names its columns', () => {
  it('no statement of the service returns a whole row with *: a prepared statement doing so fails once a migration adds a column (docs/operations.md)', () => {
    const found: string[] = [];
    for (const file of tsFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(STAR)) found.push(`${file.slice(SRC.length)}: ${text.slice(m.index, m.index + 60).replace(/\s+/g, ' ')}`);
    }
    expect(found).toEqual([]);
  });

  it.each([
    ['SELECT * FROM quote_sets WHERE id = $1', true],
    ['INSERT INTO t (a) VALUES ($1) RETURNING *', true],
    ['SELECT v.* FROM (VALUES ($1)) AS v', true],
    ['SELECT count(*)::int AS n FROM t', false],
    ['WITH x AS (SELECT * FROM unnest($1::text[]) AS u(id))', false],
    ['SELECT id, payload FROM quote_sets', false],
  ])('the check finds %j: %s', (sql, hit) => {
    expect([...sql.matchAll(STAR)].length > 0).toBe(hit);
  });
});
