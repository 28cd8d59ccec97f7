import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWN_OPERATIONS, operationLabel } from '../../src/telemetry/graphql-operations.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => join(ROOT, dir, f));

/** Named operations in a text: `query Name(` / `mutation Name {` / `subscription Name(`. */
const namedOperations = (text: string) => [...text.matchAll(/\b(?:query|mutation|subscription)\s+([A-Z][A-Za-z0-9_]*)\s*[({]/g)].map((m) => m[1]);

describe('GraphQL operation names as metric labels', () => {
  it('are exactly the operations the repository sends or documents (web apps, the CLI, docs examples)', () => {
    const sources = [...files('web', /\/src\/.*\.tsx?$/), ...files('src', /\.ts$/), ...files('docs', /\.md$/)].filter(
      (f) => !f.endsWith('graphql-operations.ts'),
    );
    const documented = new Set(sources.flatMap((f) => namedOperations(readFileSync(f, 'utf8'))));
    expect(documented.size).toBeGreaterThan(50);
    expect([...KNOWN_OPERATIONS].sort()).toEqual([...documented].sort());
  });

  it('count any other name as other and no name as anonymous', () => {
    expect(operationLabel('DashboardOrders')).toBe('DashboardOrders');
    expect(operationLabel('Listen')).toBe('Listen');
    expect(operationLabel('DashboardOrdersX')).toBe('other');
    expect(operationLabel('other')).toBe('other');
    expect(operationLabel('')).toBe('anonymous');
  });
});
