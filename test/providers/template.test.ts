import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerFactories } from '../../src/providers/factories.js';
import { PROVIDER_IDS } from '../../src/providers/types.js';

/** The adapter template of src/providers/README.md, checked on the files as they are. */

const ROOT = join(import.meta.dirname, '../../src/providers');
const FOLDERS = readdirSync(ROOT).filter((f) => statSync(join(ROOT, f)).isDirectory());
const REQUIRED = ['index.ts', 'adapter.ts', 'schemas.ts', 'mapping.ts', 'errors.ts', 'status.ts'];
const read = (...p: string[]) => readFileSync(join(ROOT, ...p), 'utf8');
const sources = (folder: string) => readdirSync(join(ROOT, folder)).filter((f) => f.endsWith('.ts'));

describe('provider adapter template', () => {
  it('has one folder per provider id, and a factory for every id', () => {
    const folderOf = (id: string) => (id === '0x' ? 'zeroex' : id);
    expect(FOLDERS.sort()).toEqual(PROVIDER_IDS.map(folderOf).sort());
    expect(Object.keys(providerFactories).sort()).toEqual([...PROVIDER_IDS].sort());
  });

  it.each(FOLDERS)('%s has the six template files', (folder) => {
    const files = sources(folder);
    for (const f of REQUIRED) expect(files, `${folder}/${f}`).toContain(f);
  });

  it.each(FOLDERS)('%s/index.ts exports its factory and nothing else', (folder) => {
    const src = read(folder, 'index.ts');
    expect(src.match(/^export /gm)).toHaveLength(1);
    expect(src).toMatch(/^export const create\w+Provider: ProviderFactory = /m);
  });

  it('factories.ts builds adapters only through the index factories; the registry through none', () => {
    const imports = [...read('factories.ts').matchAll(/from '(\.\/[^']+)'/g)].map((m) => m[1]);
    const fromFolders = imports.filter((p) => p.split('/').length > 2);
    expect(fromFolders.sort()).toEqual(FOLDERS.map((f) => `./${f}/index.js`).sort());
    expect(read('registry.ts')).not.toMatch(/from '\.\/[a-z]+\//);
  });

  it.each(FOLDERS)('%s spells no success check of its own (http.ts isSuccess is the one)', (folder) => {
    for (const f of sources(folder)) {
      const src = read(folder, f);
      expect(src, `${folder}/${f}`).not.toMatch(/\.status\s*(?:[<>]=?|!==?)\s*[1-5]\d\d\b/);
    }
  });

  it.each(FOLDERS.filter((f) => f !== 'mock'))('%s maps error bodies through toApiError, never by a cast', (folder) => {
    const src = read(folder, 'errors.ts');
    expect(src).toMatch(/toApiError\(/);
    expect(src).not.toMatch(/\bas \{/);
  });
});
