import { z } from 'zod';

/**
 * Roles and scopes (pure). What a credential may do, per resource (Stripe's restricted keys): `none`, `read` or `write` (write includes
 * read). An API key is unrestricted (null scopes: write on every key resource) or restricted to a map; a dashboard
 * session's scopes come from the member's role. Every REST route and GraphQL root field names the resource and
 * level it needs (test/accounts/scope-coverage.test.ts fails when one does not).
 */
export const RESOURCES = [
  'account',
  'api_keys',
  'quotes',
  'orders',
  'checkout_sessions',
  'refunds',
  'invoices',
  'subscriptions',
  'deposit_addresses',
  'limit_orders',
  'webhooks',
  'events',
  'request_logs',
  'partner',
  'team',
] as const;
export type Resource = (typeof RESOURCES)[number];

const LEVELS = ['none', 'read', 'write'] as const;
export type Level = (typeof LEVELS)[number];
/** What a route or field needs: `read` or `write` on one resource. */
export type Need = { resource: Resource; level: Exclude<Level, 'none'> };

export type Scopes = Readonly<Record<Resource, Level>>;

/**
 * The most an API key may have on a resource, restricted or not: the team is managed by signed-in members only, and
 * the partner's fee settings (where partner fees are paid) are changed by an owner or admin in the dashboard, never
 * by a key that may sit in a deployment's configuration. (A key may list and revoke keys, as before restricted keys
 * existed; a key never creates a key wider than itself.)
 */
const KEY_MAX: Readonly<Partial<Record<Resource, Level>>> = { team: 'none', partner: 'read' };

const RANK: Record<Level, number> = { none: 0, read: 1, write: 2 };

/** How a resource is named in messages and docs: `checkout_sessions` → `checkout sessions`. */
export const resourceLabel = (r: Resource): string => (r === 'api_keys' ? 'API keys' : r.replace(/_/g, ' '));

/**
 * Why a credential may not do `need` (the 403 message): a restricted key, a key on a dashboard-only resource, or
 * the member's role. Pure, so REST and GraphQL say the same words.
 */
export function refusalMessage(credential: { via: 'key' | 'session' | 'internal'; role?: Role }, need: Need): string {
  const what = `${need.level} ${resourceLabel(need.resource)}`;
  if (credential.via === 'session') return `Your role (${credential.role ?? 'unknown'}) may not ${what}`;
  if (KEY_MAX[need.resource] && RANK[need.level] > RANK[KEY_MAX[need.resource]!]) return `An API key may not ${what}: only a signed-in dashboard member can`;
  return `This API key may not ${what} (restricted key)`;
}

/** Whether `scopes` allow `need`. */
export const allows = (scopes: Scopes, need: Need): boolean => RANK[scopes[need.resource]] >= RANK[need.level];

const all = (level: Level, over: Partial<Record<Resource, Level>> = {}): Scopes =>
  Object.fromEntries(RESOURCES.map((r) => [r, over[r] ?? level])) as Record<Resource, Level>;

/** An unrestricted API key: write everywhere a key may go. */
export const UNRESTRICTED_KEY: Scopes = all('write', KEY_MAX);

export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Roles → scopes. The README and docs/accounts.md print this table; keep them in step.
 * - owner: everything, including other owners.
 * - admin: everything; manages the team except owners (checked in the team service).
 * - developer: builds the integration (keys, webhooks, payments objects) but neither refunds money, changes the
 *   partner fee settings nor manages the team.
 * - viewer: reads everything, changes nothing.
 */
export const ROLE_SCOPES: Readonly<Record<Role, Scopes>> = {
  owner: all('write'),
  admin: all('write'),
  developer: all('write', { refunds: 'read', partner: 'read', team: 'read' }),
  viewer: all('read'),
};

/** Whether a role may act on members holding `target` (owners alone add, demote or remove owners). */
export function mayManageRole(actor: Role, target: Role): boolean {
  if (actor === 'owner') return true;
  if (actor === 'admin') return target !== 'owner';
  return false;
}

/** A restricted key's scopes as given by a client: resource → level; resources not named are `none`. */
export const scopesInputSchema = z
  .partialRecord(z.enum(RESOURCES), z.enum(LEVELS))
  .refine((m) => Object.entries(m).every(([r, l]) => !KEY_MAX[r as Resource] || RANK[l] <= RANK[KEY_MAX[r as Resource]!]), {
    message: 'an API key cannot be given team (dashboard only) or partner write (owners and admins change fee settings in the dashboard)',
  });

/** A stored restricted key's scopes (JSON) as a full map; null (unrestricted) → the unrestricted key's. */
export function keyScopes(stored: unknown): Scopes {
  if (stored == null) return UNRESTRICTED_KEY;
  const parsed = z.record(z.string(), z.string()).safeParse(stored);
  const given = parsed.success ? parsed.data : {};
  return all(
    'none',
    Object.fromEntries(
      RESOURCES.map((r) => {
        const level = asLevel(given[r]);
        const max = KEY_MAX[r];
        return [r, max && RANK[level] > RANK[max] ? max : level];
      }),
    ),
  );
}

const asLevel = (v: string | undefined): Level => (v === 'read' || v === 'write' ? v : 'none');

/** The resources where `inner` goes beyond `outer`. */
export const widerThan = (inner: Scopes, outer: Scopes): Resource[] => RESOURCES.filter((r) => RANK[inner[r]] > RANK[outer[r]]);

/** Whether every level of `inner` is within `outer` (a key may only make keys no wider than itself). */
export const within = (inner: Scopes, outer: Scopes): boolean => widerThan(inner, outer).length === 0;
