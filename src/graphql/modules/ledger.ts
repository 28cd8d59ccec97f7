import { builder, describedValues, payloadDescription } from '../builder.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { parseGraphQLInput, withGraphQLFieldNames } from '../input.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { ModeEnum } from '../refs.js';
import {
  type LedgerGroup,
  ledgerBalancesQuerySchema,
  ledgerCsvQuerySchema,
  ledgerEntriesQuerySchema,
  ledgerTotalsQuerySchema,
  reverseLedgerTransactionSchema,
} from '../../ledger/input.js';
import type { LedgerBalanceView, LedgerEntryView, LedgerTotalView, LedgerTransactionView } from '../../ledger/views.js';
import { MAX_EXPORT_TEXT_BYTES } from '../../exports/service.js';

/**
 * The fee ledger for operators (src/ledger/, docs/ledger.md): entries, balances, totals, the CSV, and reversals. Every
 * root field is `admin*` with `authScopes: { admin: true }`, and so is every type.
 */

/** The REST query's names (`from`, `to`) in an error become this module's argument names. */
const ARG_OF: Record<string, string> = { from: 'startAt', to: 'endAt' };

const LegEnum = builder.enumType('LedgerLeg', {
  description: 'Which fee of a fill a ledger transaction posts.',
  values: describedValues({
    service_fee: "The service's fee (the order's `ourFeeBps`), posted to `service_revenue`.",
    partner_fee: "The partner's fee (the order's `partnerFeeBps`), posted to `partner_payable:<partner>`.",
  }),
});

const TypeEnum = builder.enumType('LedgerTransactionType', {
  description: 'What wrote a ledger transaction.',
  values: describedValues({
    fee: 'A fill: posted in the transaction that filled the order.',
    reversal: "An operator's correction: a fee transaction's entries negated.",
  }),
});

const PriceSourceEnum = builder.enumType('LedgerPriceSource', {
  description: 'Where the USD price of an entry came from.',
  values: describedValues({
    defillama: 'DefiLlama (EVM tokens).',
    jupiter: 'Jupiter Price (Solana mints).',
    token_list: "The hourly token list's price (no price source had one).",
    usd_peg: 'The 1.00 peg of a settlement stablecoin, used while no price source answered.',
  }),
});

const GroupEnum = builder.enumType('LedgerGroupBy', {
  description: 'What each ledger total is for, besides its leg and currency.',
  values: describedValues<LedgerGroup>({
    partner: "The orders' partner (null: no partner).",
    account: 'The ledger account.',
    provider: 'The provider that filled the orders.',
    token: 'The currency, `<chain id>:<token>`.',
    day: 'The UTC day (`YYYY-MM-DD`).',
    month: 'The UTC month (`YYYY-MM`).',
  }),
});

const EntryRef = builder.objectRef<LedgerEntryView>('AdminLedgerEntry').implement({
  description:
    'One posting of the fee ledger: a signed amount of base units of the order’s input token on one account. The entries of a ledger transaction sum to zero; entries are never changed or removed.',
  authScopes: { admin: true },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Entry id (`len_…`).' }),
    transactionId: t.exposeID('transactionId', { description: 'The ledger transaction (`ltx_…`): reverse it with `adminReverseLedgerTransaction`.' }),
    type: t.field({ type: TypeEnum, description: 'A fill’s fee, or a reversal.', resolve: (e) => e.type }),
    leg: t.field({ type: LegEnum, description: 'Which fee.', resolve: (e) => e.leg }),
    orderId: t.exposeID('orderId', { description: 'The filled order (its `quoteId`).' }),
    account: t.exposeString('account', { description: '`payer_volume`, `service_revenue` or `partner_payable:<partner>`.' }),
    partnerId: t.exposeString('partnerId', { nullable: true, description: "The order's partner; null without one." }),
    chainId: t.exposeInt('chainId', { description: "The currency's chain: the order's source chain." }),
    token: t.exposeString('token', { nullable: true, description: "The order's input token; null on orders recorded before it was kept." }),
    decimals: t.exposeInt('decimals', { nullable: true, description: "The token's decimals, when known at fill time." }),
    amount: t.exposeString('amount', { description: 'Signed integer string of base units: credits positive, debits negative.' }),
    usdValue: t.exposeString('usdValue', { nullable: true, description: 'USD worth of `amount` at fill time (6 decimals); null when no price was known.' }),
    priceUsd: t.exposeFloat('priceUsd', { nullable: true, description: 'The USD price of one whole token used for `usdValue`.' }),
    priceSource: t.field({ type: PriceSourceEnum, nullable: true, description: 'Where `priceUsd` came from.', resolve: (e) => e.priceSource }),
    mode: t.field({ type: ModeEnum, description: 'Test or live.', resolve: (e) => (e.livemode ? 'live' : 'test') }),
    provider: t.exposeString('provider', { description: 'The provider that filled the order.' }),
    srcChainId: t.exposeInt('srcChainId', { description: "The order's source chain." }),
    dstChainId: t.exposeInt('dstChainId', { description: "The order's destination chain." }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was posted: the fill, or the reversal.', resolve: (e) => new Date(e.createdAt) }),
  }),
});

const EntryConnection = connectionType('AdminLedgerEntry', EntryRef);
/** A transaction's entries (two), from memory. */
const TransactionEntryConnection = connectionType('AdminLedgerTransactionEntry', EntryRef, { totalCount: true });

const TransactionRef = builder.objectRef<LedgerTransactionView>('AdminLedgerTransaction').implement({
  description: 'A ledger transaction: one fee leg of a fill, or the reversal of one, with its entries (summing to zero).',
  authScopes: { admin: true },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Transaction id (`ltx_…`).' }),
    type: t.field({ type: TypeEnum, description: 'A fill’s fee, or a reversal.', resolve: (x) => x.type }),
    leg: t.field({ type: LegEnum, description: 'Which fee.', resolve: (x) => x.leg }),
    orderId: t.exposeID('orderId', { description: 'The filled order (its `quoteId`).' }),
    reversesId: t.exposeID('reversesId', { nullable: true, description: 'The fee transaction this one reverses (reversals only).' }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why it was reversed (reversals only).' }),
    actor: t.exposeString('actor', { nullable: true, description: 'The admin token name that reversed it (reversals only).' }),
    mode: t.field({ type: ModeEnum, description: 'Test or live.', resolve: (x) => (x.livemode ? 'live' : 'test') }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was posted.', resolve: (x) => new Date(x.createdAt) }),
    entries: t.field({
      type: TransactionEntryConnection,
      description: 'Its entries (two: the account debited and the account credited).',
      args: pageArgs(t, 10, 10),
      resolve: (x, args) => arrayConnection(x.entries, args, 10, 10),
    }),
  }),
});

const BalanceRef = builder.objectRef<LedgerBalanceView>('AdminLedgerBalance').implement({
  description: "One ledger account's balance in one currency.",
  authScopes: { admin: true },
  fields: (t) => ({
    account: t.exposeString('account', { description: '`payer_volume`, `service_revenue` or `partner_payable:<partner>`.' }),
    chainId: t.exposeInt('chainId', { description: "The currency's chain." }),
    token: t.exposeString('token', { nullable: true, description: "The currency's token (null: orders recorded before it was kept)." }),
    amount: t.exposeString('amount', { description: 'The balance: the sum of the entries, a signed integer string of base units.' }),
    usdValue: t.exposeString('usdValue', {
      nullable: true,
      description: 'The sum of the priced entries at their fill-time USD values; null when none was priced.',
    }),
    entries: t.exposeInt('entries', { description: 'How many entries the balance sums.' }),
    unpricedEntries: t.exposeInt('unpricedEntries', { description: 'Entries without a USD value (left out of `usdValue`).' }),
  }),
});

const TotalRef = builder.objectRef<LedgerTotalView>('AdminLedgerTotal').implement({
  description: 'The fees of one group, leg and currency over a range, net of reversals.',
  authScopes: { admin: true },
  fields: (t) => ({
    group: t.exposeString('group', {
      nullable: true,
      description: 'The partner, account, provider, `<chain id>:<token>`, UTC day or month; null: no partner.',
    }),
    leg: t.field({ type: LegEnum, description: 'Which fee.', resolve: (x) => x.leg }),
    chainId: t.exposeInt('chainId', { description: "The currency's chain." }),
    token: t.exposeString('token', { nullable: true, description: "The currency's token." }),
    amount: t.exposeString('amount', { description: 'The fees, a signed integer string of base units.' }),
    usdValue: t.exposeString('usdValue', { nullable: true, description: 'Their fill-time USD value (priced entries only); null when none was priced.' }),
    entries: t.exposeInt('entries', { description: 'How many entries the total sums.' }),
    unpricedEntries: t.exposeInt('unpricedEntries', { description: 'Entries without a USD value (left out of `usdValue`).' }),
  }),
});

const Filter = builder.inputType('AdminLedgerFilter', {
  description: 'Which ledger entries count; every field given must match.',
  fields: (t) => ({
    account: t.string({ description: 'Only this account: `payer_volume`, `service_revenue` or `partner_payable:<partner>`.' }),
    partner: t.string({ description: "Only entries of this partner's orders." }),
    provider: t.string({ description: 'Only fills through this provider.' }),
    token: t.string({ description: 'Only this currency: `<chain id>:<token address or mint>`.' }),
  }),
});

const EntryFilter = builder.inputType('AdminLedgerEntryFilter', {
  description: 'Which ledger entries to list; every field given must match.',
  fields: (t) => ({
    account: t.string({ description: 'Only this account: `payer_volume`, `service_revenue` or `partner_payable:<partner>`.' }),
    partner: t.string({ description: "Only entries of this partner's orders." }),
    provider: t.string({ description: 'Only fills through this provider.' }),
    token: t.string({ description: 'Only this currency: `<chain id>:<token address or mint>`.' }),
    mode: t.field({ type: ModeEnum, description: 'Only live or only test-mode entries; both when absent.' }),
    orderId: t.id({ description: 'Only the entries of this order (its `quoteId`).' }),
    transactionId: t.id({ description: 'Only the entries of this ledger transaction.' }),
    startAt: t.field({ type: 'DateTime', description: 'Entries at or after this time.' }),
    endAt: t.field({ type: 'DateTime', description: 'Entries before this time.' }),
  }),
});

const filterOf = (f: { account?: string | null; partner?: string | null; provider?: string | null; token?: string | null } | null | undefined) => ({
  account: f?.account,
  partner: f?.partner,
  provider: f?.provider,
  token: f?.token,
});

builder.queryField('adminLedgerEntries', (t) =>
  t.field({
    type: EntryConnection,
    description: 'Operator: the fee ledger’s entries, newest first (as `GET /v1/admin/ledger/entries`).',
    authScopes: { admin: true },
    args: { filter: t.arg({ type: EntryFilter, description: 'Which entries; all when absent.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const f = args.filter;
      const query = parseGraphQLInput(
        ledgerEntriesQuerySchema,
        {
          ...filterOf(f),
          mode: f?.mode,
          orderId: f?.orderId,
          transactionId: f?.transactionId,
          from: f?.startAt?.toISOString(),
          to: f?.endAt?.toISOString(),
          limit: pageSize(args.first, 100),
          cursor: args.after,
        },
        { fieldNames: ARG_OF },
      );
      const page = await readAfter(ctx.services.ledger.entries(query));
      return keysetConnection(page, (v) => ctx.services.ledger.entryCursor(v), args);
    },
  }),
);

builder.queryField('adminLedgerBalances', (t) =>
  t.field({
    type: connectionType('AdminLedgerBalance', BalanceRef, { totalCount: true }),
    description:
      'Operator: every ledger account’s balance per currency at `asOfAt` (default now), in one mode (default live); each currency sums to zero across accounts.',
    authScopes: { admin: true },
    args: {
      asOfAt: t.arg({ type: 'DateTime', description: 'The balances as they stood at this time (entries at or before it); default now.' }),
      mode: t.arg({ type: ModeEnum, description: 'Live or test mode; default live.' }),
      filter: t.arg({ type: Filter, description: 'Which entries count; all when absent.' }),
      ...pageArgs(t, 500, 100),
    },
    resolve: async (_r, args, ctx) => {
      const q = parseGraphQLInput(
        ledgerBalancesQuerySchema,
        { ...filterOf(args.filter), at: args.asOfAt?.toISOString(), mode: args.mode },
        { fieldNames: { at: 'asOfAt' } },
      );
      return arrayConnection((await ctx.services.ledger.balances(q)).data, args, 500, 100);
    },
  }),
);

builder.queryField('adminLedgerTotals', (t) =>
  t.field({
    type: connectionType('AdminLedgerTotal', TotalRef, { totalCount: true }),
    description:
      'Operator: the fees recorded in [`startAt`, `endAt`), net of reversals, per group, leg and currency, in one mode (default live); the credit side (every account but `payer_volume`, unless the filter names one).',
    authScopes: { admin: true },
    args: {
      groupBy: t.arg({ type: GroupEnum, description: 'What each total is for; default account.' }),
      mode: t.arg({ type: ModeEnum, description: 'Live or test mode; default live.' }),
      startAt: t.arg({ type: 'DateTime', description: 'Entries at or after this time; from the first when absent.' }),
      endAt: t.arg({ type: 'DateTime', description: 'Entries before this time; default now.' }),
      filter: t.arg({ type: Filter, description: 'Which entries count; all when absent.' }),
      ...pageArgs(t, 500, 100),
    },
    resolve: async (_r, args, ctx) => {
      const q = parseGraphQLInput(
        ledgerTotalsQuerySchema,
        { ...filterOf(args.filter), groupBy: args.groupBy, mode: args.mode, from: args.startAt?.toISOString(), to: args.endAt?.toISOString() },
        { fieldNames: ARG_OF },
      );
      try {
        return arrayConnection((await ctx.services.ledger.totals(q)).data, args, 500, 100);
      } catch (err) {
        throw withGraphQLFieldNames(err, ARG_OF);
      }
    },
  }),
);

builder.queryField('adminLedgerCsv', (t) =>
  t.field({
    type: 'String',
    description: `Operator: the fee ledger CSV (RFC 4180, CRLF) of the entries created in [\`startAt\`, \`endAt\`) (default the last 30 days), oldest first, with the columns of \`version\` (the same as \`GET /v1/admin/ledger/export.csv\`, which streams). At most ${MAX_EXPORT_TEXT_BYTES / 1024 / 1024} MiB (INVALID_PARAMS beyond: a shorter range, or the REST download).`,
    authScopes: { admin: true },
    args: {
      startAt: t.arg({ type: 'DateTime', description: 'Entries at or after this time; default 30 days before `endAt`.' }),
      endAt: t.arg({ type: 'DateTime', description: 'Entries before this time; default now.' }),
      mode: t.arg({ type: ModeEnum, description: 'Only live or only test-mode entries; both when absent.' }),
      version: t.arg.int({ description: 'The column version; default 1, the current one.' }),
      filter: t.arg({ type: Filter, description: 'Which entries; all when absent.' }),
    },
    resolve: async (_r, args, ctx) => {
      try {
        const q = parseGraphQLInput(ledgerCsvQuerySchema, {
          ...filterOf(args.filter),
          mode: args.mode,
          from: args.startAt?.toISOString(),
          to: args.endAt?.toISOString(),
          version: args.version,
        });
        return await ctx.services.ledger.text(q, ctx.services.ledger.range(q));
      } catch (err) {
        throw withGraphQLFieldNames(err, ARG_OF);
      }
    },
  }),
);

const ReverseInput = builder.inputType('AdminReverseLedgerTransactionInput', {
  description: 'The fee transaction to reverse, and why.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The fee transaction (`ltx_…`).' }),
    reason: t.string({ required: true, description: 'Why it is reversed (kept on the reversal and in the audit log).' }),
  }),
});

const ReversePayload = builder.objectRef<{ reversal: LedgerTransactionView }>('AdminReverseLedgerTransactionPayload').implement({
  description: payloadDescription('AdminReverseLedgerTransactionPayload'),
  fields: (t) => ({
    reversal: t.field({ type: TransactionRef, description: 'The reversal, with its entries.', resolve: (p) => p.reversal }),
  }),
});

builder.mutationField('adminReverseLedgerTransaction', (t) =>
  t.field({
    type: ReversePayload,
    description:
      'Operator: reverses a fee transaction (a new transaction with its entries negated), audited in the same database transaction. ConflictError when it is already reversed or is itself a reversal; NotFoundError for an unknown id.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: ReverseInput, required: true, description: 'What to reverse and why (see the input type).' }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: async (_r, { input }, ctx) => {
      const { reason } = parseGraphQLInput(reverseLedgerTransactionSchema, { reason: input.reason });
      return { reversal: await ctx.services.ledger.reverse(ctx.requireAdmin(), input.id, { reason }) };
    },
  }),
);
