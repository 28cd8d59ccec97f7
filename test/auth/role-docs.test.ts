import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCES, ROLE_SCOPES, ROLES } from '../../src/accounts/state.js';

/**
 * The role tables people read are the code's: docs/accounts.md prints every role's level on every resource, the
 * README one line per role. Both are checked against ROLE_SCOPES (src/accounts/state.ts), so a change of a role's
 * scopes fails here until the docs say it.
 */
const between = (file: string, marker: string) => {
  const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  const m = new RegExp(`<!-- ${marker}:start -->\\n([\\s\\S]*?)<!-- ${marker}:end -->`).exec(text);
  if (!m) throw new Error(`${file} has no ${marker} block`);
  return m[1]!
    .trim()
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
};

describe('role tables in the docs', () => {
  it('docs/accounts.md: every resource, every role, the level of ROLE_SCOPES (team: admins not over owners)', () => {
    const rows = between('docs/accounts.md', 'role-table');
    expect(rows.map((r) => r[0])).toEqual(RESOURCES.map((r) => `\`${r}\``));
    for (const [cell, ...levels] of rows) {
      const resource = cell!.replaceAll('`', '') as (typeof RESOURCES)[number];
      expect(levels, resource).toEqual(ROLES.map((role) => (resource === 'team' && role === 'admin' ? 'write (not owners)' : ROLE_SCOPES[role][resource])));
    }
  });

  it('README: one line per role, and what it says matches the scopes', () => {
    const rows = between('README.md', 'role-summary');
    expect(rows.map((r) => r[0])).toEqual([...ROLES]);
    const levels = (role: (typeof ROLES)[number]) => new Set(Object.values(ROLE_SCOPES[role]));
    // "everything": write on every resource; "read everything, change nothing": read on every resource.
    expect(levels('owner')).toEqual(new Set(['write']));
    expect(levels('admin')).toEqual(new Set(['write']));
    expect(levels('viewer')).toEqual(new Set(['read']));
    // The developer reads exactly the resources the README names, and writes all others.
    const readOnly = RESOURCES.filter((r) => ROLE_SCOPES.developer[r] === 'read');
    expect(readOnly).toEqual(['refunds', 'partner', 'team']);
    expect(RESOURCES.filter((r) => ROLE_SCOPES.developer[r] === 'none')).toEqual([]);
    expect(rows.find((r) => r[0] === 'developer')![1]).toBe('everything but refunds, the partner fee settings and the team, which it reads');
  });
});
