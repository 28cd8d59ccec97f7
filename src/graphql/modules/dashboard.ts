import { builder } from '../builder.js';
import { keyOf } from '../loaders.js';
import { arrayConnection, connectionType, pageArgs } from '../pagination.js';
import { RoleEnum } from './auth.js';
import { sessionMember } from '../../auth/service.js';
import type { Role } from '../../accounts/state.js';
import { invalidParams } from '../../errors.js';

/**
 * What only the dashboard asks: the overview's daily aggregates (paid checkout sessions and filled orders of the
 * account and mode, each counted by its owning domain) and the accounts the signed-in wallet may switch to.
 */

/** The longest range the overview aggregates at once. */
const MAX_OVERVIEW_DAYS = 400;
const DAY_MS = 86_400_000;

interface OverviewDay {
  day: string;
  paidSessions: number;
  filledOrders: number;
}
interface OverviewVolume {
  day: string;
  chainId: number;
  chain: string;
  token: string;
  symbol: string;
  decimals: number;
  count: number;
  amount: string;
}
interface OverviewShape {
  from: Date;
  to: Date;
  days: OverviewDay[];
  volume: OverviewVolume[];
}

const OverviewDayRef = builder.objectRef<OverviewDay>('DashboardOverviewDay').implement({
  description: 'One UTC day of the overview: payments received and orders filled.',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The UTC day, `YYYY-MM-DD`.' }),
    paidSessions: t.exposeInt('paidSessions', { description: 'Checkout sessions paid that day.' }),
    filledOrders: t.exposeInt('filledOrders', { description: 'Orders (swaps, deposit orders, limit-order fills) filled that day.' }),
  }),
});

const OverviewVolumeRef = builder.objectRef<OverviewVolume>('DashboardOverviewVolume').implement({
  description: 'What checkout sessions paid on one UTC day in one settlement token.',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The UTC day, `YYYY-MM-DD`.' }),
    chainId: t.exposeInt('chainId', { description: 'The settlement chain id.' }),
    chain: t.exposeString('chain', { description: 'The settlement chain slug (`base`), or its id when the service no longer lists it.' }),
    token: t.exposeString('token', { description: 'The settlement token address (or mint).' }),
    symbol: t.exposeString('symbol', { description: 'The settlement token symbol.' }),
    decimals: t.exposeInt('decimals', { description: 'The settlement token decimals: `amount` is in its base units.' }),
    count: t.exposeInt('count', { description: 'Sessions paid that day in this token.' }),
    amount: t.exposeString('amount', { description: 'The sum of their amounts, in base units (exact).' }),
  }),
});

const OverviewRef = builder.objectRef<OverviewShape>('DashboardOverview').implement({
  description: "The session's account and mode over a range of UTC days: payments and orders per day, and the volume paid per settlement token.",
  fields: (t) => ({
    startAt: t.expose('from', { type: 'DateTime', description: 'The start of the first day counted (midnight UTC).' }),
    endAt: t.expose('to', { type: 'DateTime', description: 'The end of the range (exclusive).' }),
    days: t.field({
      type: [OverviewDayRef],
      description: 'Every UTC day of the range in order, days without activity included (zeros).',
      resolve: (o) => o.days,
    }),
    volume: t.field({
      type: [OverviewVolumeRef],
      description: 'Per day and settlement token, what paid checkout sessions were for; only days and tokens with payments.',
      resolve: (o) => o.volume,
    }),
  }),
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range's days: from midnight UTC of `from`'s day to `to`, at most MAX_OVERVIEW_DAYS (INVALID_PARAMS otherwise). */
export function overviewRange(from: Date, to: Date): { from: Date; to: Date; days: string[] } {
  const start = Math.floor(from.getTime() / DAY_MS) * DAY_MS;
  if (to.getTime() <= from.getTime()) throw invalidParams('endAt', 'must be after `startAt`');
  const days: string[] = [];
  for (let d = start; d < to.getTime(); d += DAY_MS) {
    days.push(isoDay(d));
    if (days.length > MAX_OVERVIEW_DAYS) throw invalidParams('startAt', `the range covers at most ${MAX_OVERVIEW_DAYS} days`);
  }
  return { from: new Date(start), to, days };
}

builder.queryField('dashboardOverview', (t) =>
  t.field({
    type: OverviewRef,
    description: `Checkout sessions paid and orders filled per UTC day in [\`startAt\`, \`endAt\`) (from midnight UTC of \`startAt\`'s day; at most ${MAX_OVERVIEW_DAYS} days), with the volume paid per settlement token: the dashboard's overview, for the account and mode of the request.`,
    authScopes: { read: 'account' },
    args: {
      startAt: t.arg({ type: 'DateTime', required: true, description: 'The first day counted is the UTC day of this time.' }),
      endAt: t.arg({ type: 'DateTime', required: true, description: 'The end of the range (exclusive), usually now.' }),
    },
    resolve: async (_r, args, ctx) => {
      const auth = await keyOf(ctx);
      const range = overviewRange(args.startAt, args.endAt);
      const [paid, filled] = await Promise.all([ctx.services.checkout.paidPerDay(auth, range), ctx.services.orders.filledPerDay(auth, range)]);
      const chainSlug = (id: number) => ctx.services.assets.listChains().find((c) => c.id === id)?.slug ?? String(id);
      const days = range.days.map((day) => ({
        day,
        paidSessions: paid.filter((p) => p.day === day).reduce((n, p) => n + p.count, 0),
        filledOrders: filled.find((f) => f.day === day)?.count ?? 0,
      }));
      return { from: range.from, to: range.to, days, volume: paid.map((p) => ({ ...p, chain: chainSlug(p.chainId) })) };
    },
  }),
);

interface AccountChoice {
  accountId: string;
  accountName: string;
  role: Role;
  current: boolean;
}

const AccountChoiceRef = builder.objectRef<AccountChoice>('DashboardAccount').implement({
  description: 'An account the signed-in wallet is a member of: pass its id to `switchDashboardAccount`.',
  fields: (t) => ({
    accountId: t.exposeID('accountId', { description: 'The account id.' }),
    accountName: t.exposeString('accountName', { description: 'Its name.' }),
    role: t.field({ type: RoleEnum, description: "The wallet's role in it.", resolve: (a) => a.role }),
    current: t.exposeBoolean('current', { description: 'Whether the session acts for this account now.' }),
  }),
});

builder.queryField('dashboardAccounts', (t) =>
  t.field({
    type: connectionType('DashboardAccount', AccountChoiceRef, { totalCount: true }),
    description: 'The accounts the signed-in wallet is a member of (the account switcher), most recently joined first. Needs the session cookie.',
    authScopes: { session: true },
    args: pageArgs(t, 100, 100),
    resolve: async (_r, args, ctx) => {
      const auth = await keyOf(ctx);
      const member = sessionMember(auth);
      const memberships = await ctx.services.accounts.membershipsOf(member.chainType, member.address);
      const accounts = await Promise.all(memberships.map((m) => ctx.services.accounts.getAccount(m.accountId)));
      const choices = memberships.flatMap((m, i) => {
        const a = accounts[i];
        return a ? [{ accountId: a.id, accountName: a.name, role: m.role as Role, current: a.id === auth.accountId }] : [];
      });
      return arrayConnection(choices, args, 100, 100);
    },
  }),
);
