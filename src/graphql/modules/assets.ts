import DataLoader from 'dataloader';
import { builder } from '../builder.js';
import type { GraphQLContext } from '../context.js';
import { orNull } from '../errors.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { VmEnum } from '../refs.js';
import { tokenId } from '../../assets/addresses.js';
import { priceBalances } from '../../assets/balances.js';
import type { BalanceItem, BalancesResponse, Chain, ChainFailure, Token } from '../../assets/types.js';
import type { PriceQuote } from '../../assets/prices.js';
import { tokensQuerySchema } from '../../assets/input.js';
import { parseGraphQLInput } from '../input.js';

/**
 * Assets: a front end asks for chains, a page of tokens and a wallet's balances with prices in one request.
 * Every price in the request goes through one per-request DataLoader, so a batch of N tokens costs one
 * upstream request per price source.
 */
export const pricesLoader = (ctx: GraphQLContext) =>
  ctx.loader(
    'assets.prices',
    () =>
      new DataLoader<string, PriceQuote | null>(async (keys) => {
        const found = await ctx.services.assets.priceBook.quotes(keys);
        return keys.map((k) => found.get(k) ?? null);
      }),
  );

export { VmEnum };

export const ChainRef = builder.objectRef<Chain>('Chain').implement({
  description: 'A supported chain. Use `id` or `slug` wherever a chain is expected.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    vm: t.field({ type: VmEnum, resolve: (c) => c.vm }),
    nativeSymbol: t.exposeString('nativeSymbol'),
    nativeDecimals: t.exposeInt('nativeDecimals'),
    logoURI: t.exposeString('logoURI', { nullable: true }),
    explorerTx: t.exposeString('explorerTx', { description: 'Explorer URL prefix of a transaction: append the hash.' }),
    explorerAddress: t.exposeString('explorerAddress', { description: 'Explorer URL prefix of an address: append the address.' }),
    providers: t.exposeStringList('providers', { description: 'Ids of the liquidity providers that serve this chain.' }),
    popular: t.exposeBoolean('popular'),
  }),
});

export const TokenRef = builder.objectRef<Token>('Token').implement({
  description: 'A token. `priceUsd` is batched across the whole request.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    address: t.exposeString('address'),
    symbol: t.exposeString('symbol'),
    name: t.exposeString('name'),
    decimals: t.exposeInt('decimals'),
    logoURI: t.exposeString('logoURI', { nullable: true }),
    verified: t.exposeBoolean('verified'),
    popular: t.exposeBoolean('popular'),
    priceUsd: t.float({
      nullable: true,
      resolve: async (tok, _a, ctx) => (await pricesLoader(ctx).load(tokenId(tok.chainId, tok.address)))?.usd ?? tok.priceUsd ?? null,
    }),
  }),
});

const BalanceItemRef = builder.objectRef<BalanceItem>('BalanceItem').implement({
  description: 'A token held by the address; `amount` in base units.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    address: t.exposeString('address'),
    symbol: t.exposeString('symbol'),
    name: t.exposeString('name'),
    decimals: t.exposeInt('decimals'),
    logoURI: t.exposeString('logoURI', { nullable: true }),
    verified: t.exposeBoolean('verified'),
    popular: t.exposeBoolean('popular'),
    amount: t.exposeString('amount'),
    priceUsd: t.exposeFloat('priceUsd', { nullable: true }),
    valueUsd: t.exposeFloat('valueUsd', { nullable: true }),
  }),
});

const ChainFailureRef = builder.objectRef<ChainFailure>('ChainFailure').implement({
  description: 'A chain whose balances could not be read; the other chains are still answered.',
  fields: (t) => ({ chainId: t.exposeInt('chainId'), message: t.exposeString('message') }),
});

const ChainConnection = connectionType('Chain', ChainRef, { totalCount: true });
const TokenConnection = connectionType('Token', TokenRef);
const BalanceConnection = connectionType('Balance', BalanceItemRef, { totalCount: true });

const BalancesRef = builder.objectRef<BalancesResponse>('Balances').implement({
  fields: (t) => ({
    address: t.exposeString('address'),
    vm: t.field({ type: VmEnum, resolve: (b) => b.vm }),
    balances: t.field({
      type: BalanceConnection,
      description: 'Non-zero balances, largest USD value first.',
      args: pageArgs(t, 500, 100),
      resolve: (b, args) => arrayConnection(b.balances, args, 500, 100),
    }),
    totalUsd: t.exposeFloat('totalUsd', { description: 'Sum of `valueUsd` over every balance (not only the page).' }),
    errors: t.field({ type: [ChainFailureRef], description: 'Chains that could not be read (at most one per chain asked).', resolve: (b) => b.errors }),
  }),
});

const PriceRef = builder.objectRef<{ id: string; priceUsd: number; pegged: boolean }>('Price').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    priceUsd: t.exposeFloat('priceUsd'),
    pegged: t.exposeBoolean('pegged', {
      description:
        'True when `priceUsd` is the 1.00 USD peg of a settlement stablecoin (USDC, USDT) whose price source did not answer (and with no token-list price).',
    }),
  }),
});

const MAX_TOKENS_PAGE = 200;

builder.queryFields((t) => ({
  chains: t.field({
    type: ChainConnection,
    description: 'Supported chains, popular first, then alphabetical. The default page holds them all.',
    authScopes: { public: true },
    args: pageArgs(t, 200, 200),
    resolve: (_r, args, ctx) => arrayConnection(ctx.services.assets.listChains(), args, 200, 200),
  }),
  chain: t.field({
    type: ChainRef,
    nullable: true,
    description: 'A supported chain by id or slug; null when no supported chain has it.',
    authScopes: { public: true },
    args: { ref: t.arg.string({ required: true, description: 'Chain id or slug' }) },
    resolve: (_r, a, ctx) => orNull(async () => ctx.services.assets.resolveChain(a.ref), ['UNSUPPORTED_CHAIN']),
  }),
  tokens: t.field({
    type: TokenConnection,
    description: 'Tokens of a chain: popular first; with `q`, a case-insensitive search of symbol and name (or an exact address), exact symbols first.',
    authScopes: { public: true },
    args: { chain: t.arg.string({ required: true, description: 'Chain id or slug' }), q: t.arg.string(), ...pageArgs(t, MAX_TOKENS_PAGE, 50) },
    resolve: async (_r, a, ctx) => {
      const assets = ctx.services.assets;
      const input = parseGraphQLInput(tokensQuerySchema, { chain: a.chain, q: a.q, limit: pageSize(a.first, MAX_TOKENS_PAGE, 50), cursor: a.after });
      const page = await readAfter(assets.tokens(input));
      const cursors = await assets.tokenCursors(assets.resolveChain(input.chain).id, page.tokens, input.q);
      const at = new Map(page.tokens.map((tok, i) => [tok, cursors[i]!]));
      return keysetConnection({ data: page.tokens, hasMore: page.nextCursor !== null }, (tok) => at.get(tok) ?? '', a);
    },
  }),
  token: t.field({
    type: TokenRef,
    nullable: true,
    description: 'A listed token, or one read on chain (`verified: false`); null when the address holds no token.',
    authScopes: { public: true },
    args: { chain: t.arg.string({ required: true }), address: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => orNull(() => ctx.services.assets.lookup(a.chain, a.address), ['UNSUPPORTED_TOKEN']),
  }),
  prices: t.field({
    type: [PriceRef],
    description: 'USD prices for `chainId:address` ids (at most 100), one per id that has a price; ids without a price are omitted.',
    authScopes: { public: true },
    args: { ids: t.arg.stringList({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const keys = ctx.services.assets.parsePriceIds(a.ids);
      const loader = pricesLoader(ctx);
      const out: { id: string; priceUsd: number; pegged: boolean }[] = [];
      const values = await loader.loadMany([...keys.values()]);
      [...keys.keys()].forEach((id, i) => {
        const v = values[i];
        if (v && !(v instanceof Error)) out.push({ id, priceUsd: v.usd, pegged: v.pegged });
      });
      return out;
    },
  }),
  balances: t.field({
    type: BalancesRef,
    description: 'Non-zero balances of an address with prices, largest value first. A failing chain is reported in `errors`.',
    authScopes: { public: true },
    args: {
      address: t.arg.string({ required: true }),
      chains: t.arg.stringList({ description: 'Ids or slugs, at most 25; default the popular chains of the address VM' }),
    },
    resolve: async (_r, a, ctx) => {
      const raw = await ctx.services.assets.rawBalances(a.address, a.chains ?? undefined);
      const keys = raw.balances.map((b) => tokenId(b.token.chainId, b.token.address));
      const values = await pricesLoader(ctx).loadMany(keys);
      const prices = new Map<string, number>();
      keys.forEach((k, i) => {
        const v = values[i];
        if (v && !(v instanceof Error)) prices.set(k, v.usd);
      });
      return priceBalances(raw, prices);
    },
  }),
}));
