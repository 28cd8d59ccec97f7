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
const pricesLoader = (ctx: GraphQLContext) =>
  ctx.loader(
    'assets.prices',
    () =>
      new DataLoader<string, PriceQuote | null>(async (keys) => {
        const found = await ctx.services.assets.priceBook.quotes(keys);
        return keys.map((k) => found.get(k) ?? null);
      }),
  );

const ChainRef = builder.objectRef<Chain>('Chain').implement({
  description: 'A supported chain. Use `id` or `slug` wherever a chain is expected.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric chain id: the EVM chain id (`8453` for Base), `7565164` for Solana.' }),
    slug: t.exposeString('slug', { description: 'Lower-case short name (`base`, `solana`), accepted wherever a chain id is.' }),
    name: t.exposeString('name', { description: 'Display name (`Base`).' }),
    vm: t.field({ type: VmEnum, description: 'The virtual machine of the chain: which addresses and transactions it takes.', resolve: (c) => c.vm }),
    nativeSymbol: t.exposeString('nativeSymbol', { description: 'Symbol of the gas coin (`ETH`, `SOL`).' }),
    nativeDecimals: t.exposeInt('nativeDecimals', { description: 'Decimals of the gas coin: base units per coin are 10^nativeDecimals.' }),
    logoURI: t.exposeString('logoURI', { nullable: true, description: 'URL of a logo image; null when the service knows none.' }),
    explorerTx: t.exposeString('explorerTx', { description: 'Explorer URL prefix of a transaction: append the hash.' }),
    explorerAddress: t.exposeString('explorerAddress', { description: 'Explorer URL prefix of an address: append the address.' }),
    providers: t.exposeStringList('providers', { description: 'Ids of the liquidity providers that serve this chain.' }),
    popular: t.exposeBoolean('popular', { description: 'True for the main chains a picker shows first; `balances` reads these EVM chains by default.' }),
  }),
});

const TokenRef = builder.objectRef<Token>('Token').implement({
  description: 'A token. `priceUsd` is batched across the whole request.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'Id of the chain the token lives on.' }),
    address: t.exposeString('address', {
      description:
        'Token address as the service writes it: EVM addresses in lower case, the zero address for the gas coin; on Solana the mint, the wrapped-SOL mint for SOL.',
    }),
    symbol: t.exposeString('symbol', { description: 'Ticker symbol (`USDC`); `UNKNOWN` for a Solana mint read on chain without a name.' }),
    name: t.exposeString('name', { description: 'Display name.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimals: base units per token are 10^decimals; amounts in the API are base units.' }),
    logoURI: t.exposeString('logoURI', {
      nullable: true,
      description: 'URL of a logo image; null when no token list has one (tokens read on chain have none).',
    }),
    verified: t.exposeBoolean('verified', {
      description:
        'True for tokens a token list counts as verified, curated tokens and gas coins; false for tokens read on chain (check those before trusting them).',
    }),
    popular: t.exposeBoolean('popular', { description: 'True for gas coins, curated tokens and verified stablecoins: what a token picker shows first.' }),
    priceUsd: t.float({
      nullable: true,
      description:
        'USD price of one whole token (not a base unit); null when neither a price source nor a token list has one. A settlement stablecoin (USDC, USDT) whose price source does not answer shows its 1.00 peg (`prices` marks it `pegged`).',
      resolve: async (tok, _a, ctx) => (await pricesLoader(ctx).load(tokenId(tok.chainId, tok.address)))?.usd ?? tok.priceUsd ?? null,
    }),
  }),
});

const BalanceItemRef = builder.objectRef<BalanceItem>('BalanceItem').implement({
  description: 'A token held by the address; `amount` in base units.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'Id of the chain the token lives on.' }),
    address: t.exposeString('address', {
      description:
        'Token address as the service writes it: EVM addresses in lower case, the zero address for the gas coin; on Solana the mint, the wrapped-SOL mint for SOL.',
    }),
    symbol: t.exposeString('symbol', { description: 'Ticker symbol (`USDC`); `UNKNOWN` for a Solana mint read on chain without a name.' }),
    name: t.exposeString('name', { description: 'Display name.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimals: base units per token are 10^decimals; amounts in the API are base units.' }),
    logoURI: t.exposeString('logoURI', {
      nullable: true,
      description: 'URL of a logo image; null when no token list has one (tokens read on chain have none).',
    }),
    verified: t.exposeBoolean('verified', {
      description:
        'True for tokens a token list counts as verified, curated tokens and gas coins; false for tokens read on chain (check those before trusting them).',
    }),
    popular: t.exposeBoolean('popular', { description: 'True for gas coins, curated tokens and verified stablecoins: what a token picker shows first.' }),
    amount: t.exposeString('amount', { description: 'Amount held, in base units (integer string).' }),
    priceUsd: t.exposeFloat('priceUsd', {
      nullable: true,
      description: 'USD price of one whole token, as `Token.priceUsd` (the 1.00 peg included); null when there is none.',
    }),
    valueUsd: t.exposeFloat('valueUsd', {
      nullable: true,
      description: 'USD value of the amount held (`amount` / 10^decimals × `priceUsd`); null when `priceUsd` is.',
    }),
  }),
});

const ChainFailureRef = builder.objectRef<ChainFailure>('ChainFailure').implement({
  description: 'A chain whose balances could not be read; the other chains are still answered.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'Id of the chain that could not be read.' }),
    message: t.exposeString('message', { description: 'Why, for people: the RPC failed or did not answer in time.' }),
  }),
});

const ChainConnection = connectionType('Chain', ChainRef, { totalCount: true });
const TokenConnection = connectionType('Token', TokenRef);
const BalanceConnection = connectionType('Balance', BalanceItemRef, { totalCount: true });

const BalancesRef = builder.objectRef<BalancesResponse>('Balances').implement({
  description: 'What an address holds on the chains read, with USD prices and values, and the chains that could not be read.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The address read (EVM addresses in lower case).' }),
    vm: t.field({ type: VmEnum, description: 'The virtual machine of the address: only chains of this VM are read.', resolve: (b) => b.vm }),
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
  description: 'The USD price of one token, answering one id of `prices`.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The id exactly as asked (`8453:0x…` or `base:0x…`), to match answers to questions.' }),
    priceUsd: t.exposeFloat('priceUsd', { description: 'USD price of one whole token (not a base unit).' }),
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
    args: {
      chain: t.arg.string({ required: true, description: 'Chain id or slug' }),
      q: t.arg.string({ description: 'Search text, at most 100 characters: part of a symbol or name, or an exact token address.' }),
      ...pageArgs(t, MAX_TOKENS_PAGE, 50),
    },
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
    args: {
      chain: t.arg.string({ required: true, description: 'Chain id or slug' }),
      address: t.arg.string({ required: true, description: 'Token address: 0x-prefixed 20-byte hex on EVM chains, a base58 mint on Solana.' }),
    },
    resolve: (_r, a, ctx) => orNull(() => ctx.services.assets.lookup(a.chain, a.address), ['UNSUPPORTED_TOKEN']),
  }),
  prices: t.field({
    type: [PriceRef],
    description: 'USD prices for `chainId:address` ids (at most 100), one per id that has a price; ids without a price are omitted.',
    authScopes: { public: true },
    args: {
      ids: t.arg.stringList({
        required: true,
        description:
          'One to 100 token ids, `chainId:address` or `slug:address` (`base:0x8335…2913`); a malformed id is INVALID_PARAMS, an unknown chain UNSUPPORTED_CHAIN.',
      }),
    },
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
      address: t.arg.string({ required: true, description: 'Wallet address: EVM hex or Solana base58; its VM decides which chains are read.' }),
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
