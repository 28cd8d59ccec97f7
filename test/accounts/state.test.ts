import { describe, expect, it } from 'vitest';
import {
  allows,
  keyScopes,
  mayManageRole,
  RESOURCES,
  ROLE_SCOPES,
  ROLES,
  scopesInputSchema,
  UNRESTRICTED_KEY,
  within,
  type Level,
} from '../../src/accounts/state.js';
import { normalizeWallet } from '../../src/accounts/input.js';

describe('roles and scopes', () => {
  // The role table docs/accounts.md prints: resource → level per role.
  const table: Array<[string, Record<(typeof ROLES)[number], Level>]> = [
    ['checkout_sessions', { owner: 'write', admin: 'write', developer: 'write', viewer: 'read' }],
    ['refunds', { owner: 'write', admin: 'write', developer: 'read', viewer: 'read' }],
    ['partner', { owner: 'write', admin: 'write', developer: 'read', viewer: 'read' }],
    ['team', { owner: 'write', admin: 'write', developer: 'read', viewer: 'read' }],
    ['api_keys', { owner: 'write', admin: 'write', developer: 'write', viewer: 'read' }],
    ['webhooks', { owner: 'write', admin: 'write', developer: 'write', viewer: 'read' }],
    ['request_logs', { owner: 'write', admin: 'write', developer: 'write', viewer: 'read' }],
  ];
  it.each(table)('%s per role', (resource, levels) => {
    for (const role of ROLES) expect(ROLE_SCOPES[role][resource as (typeof RESOURCES)[number]]).toBe(levels[role]);
  });

  it('write includes read; none allows nothing', () => {
    const s = keyScopes({ invoices: 'write', orders: 'read' });
    expect(allows(s, { resource: 'invoices', level: 'read' })).toBe(true);
    expect(allows(s, { resource: 'invoices', level: 'write' })).toBe(true);
    expect(allows(s, { resource: 'orders', level: 'read' })).toBe(true);
    expect(allows(s, { resource: 'orders', level: 'write' })).toBe(false);
    expect(allows(s, { resource: 'quotes', level: 'read' })).toBe(false);
  });

  it('an unrestricted key writes everything but the team (none) and the partner settings (read); a stored map never grants more', () => {
    for (const r of RESOURCES) expect(UNRESTRICTED_KEY[r]).toBe(r === 'team' ? 'none' : r === 'partner' ? 'read' : 'write');
    expect(keyScopes(null)).toEqual(UNRESTRICTED_KEY);
    expect(keyScopes({ team: 'write', partner: 'write', invoices: 'bogus' })).toMatchObject({ team: 'none', partner: 'read', invoices: 'none' });
  });

  it('client-given scopes: known resources and levels only, never the team', () => {
    expect(scopesInputSchema.safeParse({ invoices: 'read' }).success).toBe(true);
    expect(scopesInputSchema.safeParse({ invoices: 'admin' }).success).toBe(false);
    expect(scopesInputSchema.safeParse({ wallets: 'read' }).success).toBe(false);
    expect(scopesInputSchema.safeParse({ team: 'read' }).success).toBe(false);
    expect(scopesInputSchema.safeParse({ team: 'none' }).success).toBe(true);
    expect(scopesInputSchema.safeParse({ partner: 'read' }).success).toBe(true);
    expect(scopesInputSchema.safeParse({ partner: 'write' }).success).toBe(false);
  });

  it('a key is within another when no level is higher', () => {
    expect(within(keyScopes({ invoices: 'read' }), keyScopes({ invoices: 'write' }))).toBe(true);
    expect(within(keyScopes({ invoices: 'write' }), keyScopes({ invoices: 'read' }))).toBe(false);
    expect(within(UNRESTRICTED_KEY, keyScopes({ invoices: 'write' }))).toBe(false);
  });

  it.each([
    ['owner', 'owner', true],
    ['owner', 'viewer', true],
    ['admin', 'owner', false],
    ['admin', 'developer', true],
    ['developer', 'viewer', false],
    ['viewer', 'viewer', false],
  ] as const)('%s may manage %s: %s', (actor, target, ok) => expect(mayManageRole(actor, target)).toBe(ok));
});

describe('wallet addresses', () => {
  it.each([
    ['evm', '0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
    ['evm', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
    ['solana', '11111111111111111111111111111111', '11111111111111111111111111111111'],
  ] as const)('%s %s → %s', (kind, input, stored) => expect(normalizeWallet(kind, input)).toBe(stored));

  it.each([
    ['evm', '0x1234'],
    ['evm', 'not an address'],
    ['solana', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
    ['solana', '1111'],
  ] as const)('%s %s is INVALID_PARAMS', (kind, input) =>
    expect(() => normalizeWallet(kind, input)).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' })),
  );
});
