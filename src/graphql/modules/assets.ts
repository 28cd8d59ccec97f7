import DataLoader from 'dataloader';
import { builder } from '../builder.js';
import type { GraphQLContext } from '../context.js';
import { tokenId } from '../../assets/addresses.js';
import { priceBalances } from '../../assets/balances.js';
import type { BalanceItem, BalancesResponse, Chain, ChainFailure, Token } from '../../assets/types.js';
import type { TokenPage } from '../../assets/token-index.js';

/**
 * Asset queries (spec 4.1): a front end can ask for chains, a page of tokens and a wallet's balances with prices
 * in one request. Every price in the request goes through one per-request DataLoader, so a batch of N tokens
 * costs one upstream request per price source.
 */
export const pricesLoader = (ctx: GraphQLContext) =>
  ctx.loader('assets.prices', () => new DataLoader<string, number | null>(async (keys) => {
    const found = await ctx.services.assets.priceBook.get(keys);
    return keys.map((k) => found.get(k) ?? null);
  }));

export const VmEnum = builder.enumType('Vm', { values: ['evm', 'svm'] as const });

export const ChainRef = builder.objectRef<Chain>('Chain').implement({
  description: 'A supported chain (spec 2.1). Use `id` or `slug` wherever a chain is expected.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    vm: t.field({ type: VmEnum, resolve: (c) => c.vm }),
    nativeSymbol: t.exposeString('nativeSymbol'),
    nativeDecimals: t.exposeInt('nativeDecimals'),
    logoURI: t.exposeString('logoURI', { nullable: true }),
    explorerTx: t.exposeString('explorerTx'),
    explorerAddress: t.exposeString('explorerAddress'),
    providers: t.exposeStringList('providers'),
    popular: t.exposeBoolean('popular'),
  }),
});

export const TokenRef = builder.objectRef<Token>('Token').implement({
  description: 'A token (spec 2.2). `priceUsd` is batched across the whole request.',
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
      resolve: async (tok, _a, ctx) => (await pricesLoader(ctx).load(tokenId(tok.chainId, tok.address))) ?? tok.priceUsd ?? null,
    }),
  }),
});

const TokenPageRef = builder.objectRef<TokenPage>('TokenPage').implement({
  fields: (t) => ({
    tokens: t.field({ type: [TokenRef], resolve: (p) => p.tokens }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: 'Pass as `after` for the next page; null on the last page.' }),
  }),
});

const BalanceItemRef = builder.objectRef<BalanceItem>('BalanceItem').implement({
  description: 'A token held by the address (spec 2.3); `amount` in base units.',
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
  fields: (t) => ({ chainId: t.exposeInt('chainId'), message: t.exposeString('message') }),
});

const BalancesRef = builder.objectRef<BalancesResponse>('Balances').implement({
  fields: (t) => ({
    address: t.exposeString('address'),
    vm: t.field({ type: VmEnum, resolve: (b) => b.vm }),
    balances: t.field({ type: [BalanceItemRef], resolve: (b) => b.balances }),
    totalUsd: t.exposeFloat('totalUsd'),
    errors: t.field({ type: [ChainFailureRef], resolve: (b) => b.errors }),
  }),
});

const PriceRef = builder.objectRef<{ id: string; priceUsd: number }>('Price').implement({
  fields: (t) => ({ id: t.exposeString('id'), priceUsd: t.exposeFloat('priceUsd') }),
});

builder.queryFields((t) => ({
  chains: t.field({
    type: [ChainRef],
    description: 'Supported chains, popular first, then alphabetical.',
    resolve: (_r, _a, ctx) => ctx.services.assets.listChains(),
  }),
  chain: t.field({
    type: ChainRef,
    args: { ref: t.arg.string({ required: true, description: 'Chain id or slug' }) },
    resolve: (_r, a, ctx) => ctx.services.assets.resolveChain(a.ref),
  }),
  tokens: t.field({
    type: TokenPageRef,
    description: 'Tokens of a chain: popular first; with `q`, a case-insensitive search of symbol and name (or an exact address).',
    args: {
      chain: t.arg.string({ required: true }),
      q: t.arg.string(),
      first: t.arg.int({ description: '1 to 200, default 50' }),
      after: t.arg.string({ description: 'nextCursor of the previous page' }),
    },
    resolve: (_r, a, ctx) => ctx.services.assets.tokens({ chain: a.chain, q: a.q ?? undefined, limit: a.first ?? undefined, cursor: a.after ?? undefined }),
  }),
  token: t.field({
    type: TokenRef,
    description: 'A listed token, or one read on chain (`verified: false`).',
    args: { chain: t.arg.string({ required: true }), address: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.assets.lookup(a.chain, a.address),
  }),
  prices: t.field({
    type: [PriceRef],
    description: 'USD prices for `chainId:address` ids (at most 100); ids without a price are omitted.',
    args: { ids: t.arg.stringList({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const keys = ctx.services.assets.parsePriceIds(a.ids);
      const loader = pricesLoader(ctx);
      const out: { id: string; priceUsd: number }[] = [];
      const values = await loader.loadMany([...keys.values()]);
      [...keys.keys()].forEach((id, i) => {
        const v = values[i];
        if (typeof v === 'number') out.push({ id, priceUsd: v });
      });
      return out;
    },
  }),
  balances: t.field({
    type: BalancesRef,
    description: 'Non-zero balances with prices, largest value first. A failing chain is reported in `errors`.',
    args: { address: t.arg.string({ required: true }), chains: t.arg.stringList({ description: 'Ids or slugs, at most 25; default the popular chains of the address VM' }) },
    resolve: async (_r, a, ctx) => {
      const raw = await ctx.services.assets.rawBalances(a.address, a.chains ?? undefined);
      const keys = raw.balances.map((b) => tokenId(b.token.chainId, b.token.address));
      const values = await pricesLoader(ctx).loadMany(keys);
      const prices = new Map<string, number>();
      keys.forEach((k, i) => {
        const v = values[i];
        if (typeof v === 'number') prices.set(k, v);
      });
      return priceBalances(raw, prices);
    },
  }),
}));
