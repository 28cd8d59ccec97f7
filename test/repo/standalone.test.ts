import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: code, comments, tests and docs never cite a document the repository does not
 * hold. What the adapters rely on about each provider's API is in docs/providers/<name>.md; everything else
 * states the fact itself or points at a file in the repository (the README, src/checkout/state.ts, …).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SELF = 'test/repo/standalone.test.ts';

/** Folders and root files that are checked. */
const DIRS = ['src/', 'test/', 'docs/', 'web/', 'scripts/', 'bench/', 'prisma/', 'contracts/', '.ci/'];
const ROOT_FILES = [
  'README.md',
  'ARCHITECTURE.md',
  'biome.jsonc',
  'codegen.ts',
  'package.json',
  'tsconfig.json',
  'vitest.config.ts',
  'prisma.config.ts',
  'schema.graphql',
];
/** Applied migrations are checksummed and never edited; generated code follows its sources. */
const EXCLUDED = ['prisma/migrations/', 'src/db/generated/', 'test/graphql/generated/'];

/**
 * References to outside documents: a numbered section or rule of a spec ("spec 4.2", "Spec 2.8",
 * "spec section 6", "spec 4.1 rule 2"), the spec's possessive or parenthesised mention, the spec's file name,
 * the old shared provider notes, issue points, and the section sign. Word boundaries keep ordinary words
 * (inspect, specific, specifier) and identifiers such as a variable `spec` out.
 */
const OUTSIDE_REFERENCES: readonly RegExp[] = [
  /\bspec(?:'s)? ?(?:section |rule )?\d/i,
  /\bspec's\b/i,
  /\(spec\s/i,
  /\bper spec\b/i,
  /interface-spec/i,
  /shared\/(?:providers|spec)/,
  /\bissue \d/i,
  /§/,
];

const citesOutside = (line: string) => OUTSIDE_REFERENCES.some((re) => re.test(line));

const inScope = (path: string) =>
  (ROOT_FILES.includes(path) || DIRS.some((d) => path.startsWith(d))) &&
  !EXCLUDED.some((d) => path.startsWith(d)) &&
  !path.split('/').includes('node_modules') &&
  path !== SELF;

/** Tracked files plus new ones not yet committed (not ignored); without git, a walk of the same folders. */
function files(): string[] {
  let all: string[];
  try {
    all = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
      .split('\0')
      .filter(Boolean);
  } catch {
    all = [...ROOT_FILES];
    const walk = (dir: string) => {
      for (const name of readdirSync(join(ROOT, dir))) {
        if (name === 'node_modules' || name === '.data' || name === 'test-artifacts') continue;
        const path = dir + name;
        if (statSync(join(ROOT, path)).isDirectory()) walk(`${path}/`);
        else all.push(path);
      }
    };
    for (const d of DIRS) {
      try {
        walk(d);
      } catch {
        // a folder this checkout does not have
      }
    }
  }
  return all
    .map((p) => p.split(sep).join('/'))
    .filter(inScope)
    .sort();
}

describe('the repository stands alone', () => {
  it('the patterns catch outside references and leave ordinary words alone', () => {
    const caught = [
      '(spec 4.2)',
      'spec 2.8.',
      'per spec 4.1',
      "the spec's envelope (section 2.11)",
      "the spec's one-instance rule",
      'Spec 3.4 rules',
      'spec 5 rule 3',
      'spec section 6',
      'see interface-spec.md',
      'shared/providers/lifi.md',
      '(issue 4, point 12)',
      '§ 4.2',
      '(spec table)',
    ];
    const clean = [
      'inspect 4 rows',
      'a specific 3 ms bound',
      'module specifier 2',
      'for (const [, spec] of tokens)',
      'runtimeFor(spec: DevnetTokenSpec)',
      'abiFor(spec)',
      '(spec.contract === 1)',
      'spec.address',
      'DevnetTokenSpec',
      'the Swap V2 spec and migration guide',
      'body.issues?.allowance',
      'reissued 2 times',
    ];
    expect(caught.filter((l) => !citesOutside(l))).toEqual([]);
    expect(clean.filter(citesOutside)).toEqual([]);
  });

  it('no file cites a document outside the repository', () => {
    const list = files();
    expect(list).toContain('README.md');
    expect(list.some((p) => p.startsWith('src/'))).toBe(true);
    const hits: string[] = [];
    for (const path of list) {
      const buf = readFileSync(join(ROOT, path));
      if (buf.includes(0)) continue; // binary
      buf
        .toString('utf8')
        .split('\n')
        .forEach((line, i) => {
          if (citesOutside(line)) hits.push(`${path}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(hits, 'references to documents outside the repository (file:line): state the fact, or point at the file in the repository that holds it').toEqual(
      [],
    );
  });
});
