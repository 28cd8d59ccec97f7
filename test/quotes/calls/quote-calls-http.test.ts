import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, parseAbi, type Hex } from 'viem';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { inProcessGraphQL } from '../../helpers/graphql.js';
import { graphql } from '../../graphql/generated/index.js';
import { withDevnet } from '../../fixtures/devnet.js';
import { startRelayFixture, RELAY_MULTICALLER, type RelayFixture } from '../../fixtures/relay-server.js';
import { FixtureProvider, startFixtureProviderServer, type FixtureProviderServer } from '../../fixtures/fixture-provider.js';
import { ARBITRUM_USDC, CALL_TARGETS, installDestinationCallTargets, nativeVaultAbi, testVaultAbi } from '../../../src/devnet/index.js';
import { callsGasLimit } from '../../../src/quotes/service.js';

/**
 * POST /v1/quote and GraphQL quoteWithCalls end to end: the real Relay adapter against the Relay fixture, and
 * the simulation against anvil posing as Arbitrum (USDC at its real address, our vaults).
 */

const QuoteWithCalls = graphql(`
  query QuoteWithCalls($input: QuoteWithCallsInput!) {
    quoteWithCalls(input: $input) {
      __typename
      ... on QuoteResponse { best { provider srcAmount dstAmount calls } errors { provider code } }
      ... on CallsRevertedError { code message }
    }
  }
`);

const devnet = withDevnet({ chainId: 42161 });
const USDC = ARBITRUM_USDC.toLowerCase();
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const RECIPIENT = '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516';
const AMOUNT = 2_500_000n;
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';

const approve = (spender: string, amount = AMOUNT) => ({
  to: USDC,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, amount] }),
  value: '0',
});
const deposit = (vault: string) => ({
  to: vault.toLowerCase(),
  data: encodeFunctionData({ abi: testVaultAbi, functionName: 'deposit', args: [AMOUNT, RECIPIENT] }),
  value: '0',
});
const base = (o: Record<string, unknown> = {}) => ({
  srcChain: '8453',
  srcToken: BASE_USDC,
  dstChain: '42161',
  dstToken: USDC,
  dstAmount: AMOUNT.toString(),
  sender: SENDER,
  recipient: RECIPIENT,
  ...o,
});

describe('POST /v1/quote with destination calls (anvil as Arbitrum, Relay fixture)', () => {
  let s: TestServer;
  let relay: RelayFixture;
  let other: FixtureProviderServer;

  beforeAll(async () => {
    await installDestinationCallTargets(devnet.rpcUrl);
    relay = await startRelayFixture();
    other = await startFixtureProviderServer();
    s = await startTestServer({
      env: {
        PROVIDERS: 'relay',
        RELAY_API_URL: relay.url,
        RPC_URL_42161: devnet.rpcUrl,
        RPC_URL_8453: 'http://127.0.0.1:9',
        RPC_URL_10: 'http://127.0.0.1:9',
        JOBS_ENABLED: '0',
        FEE_RECIPIENT_EVM: '0x1111111111111111111111111111111111111111',
      },
    });
    // A provider that supports the route but runs no destination calls: never asked, never an error entry.
    s.services.providers.register(new FixtureProvider('debridge', other.url, () => Date.now()));
    other.configure('debridge', { behaviour: 'ok' });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await relay?.close();
    await other?.close();
  });

  const lastRelayBody = () => relay.quoteBodies[relay.quoteBodies.length - 1];

  it('deposit action: simulated, Relay asked with txs + txsGasLimit as EXACT_OUTPUT, quote carries srcAmount and calls', async () => {
    const before = relay.quoteBodies.length;
    const r = await s.post('/v1/quote', base({ action: { type: 'deposit', vault: CALL_TARGETS.vault } }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.quotes.map((q: any) => q.provider)).toEqual(['relay']);
    expect(r.body.errors).toEqual([]); // debridge skipped silently
    const q = r.body.best;
    expect(q.dstAmount).toBe(AMOUNT.toString());
    expect(BigInt(q.srcAmount)).toBeGreaterThan(AMOUNT);
    expect(q.calls.items).toEqual([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)]);
    expect(q.calls.executor).toBe(RELAY_MULTICALLER);
    expect(q.calls.executed).toBe(false);
    expect(q.calls.simulation.ok).toBe(true);
    expect(BigInt(q.calls.simulation.gasUsed)).toBeGreaterThan(20_000n);
    expect(q.calls.simulation.leftover).toBe('0');
    // What Relay received.
    expect(relay.quoteBodies.length).toBe(before + 1);
    const sent = lastRelayBody();
    expect(sent).toMatchObject({
      tradeType: 'EXACT_OUTPUT',
      amount: AMOUNT.toString(),
      destinationChainId: 42161,
      destinationCurrency: USDC,
      recipient: RECIPIENT,
    });
    expect(sent.txs).toEqual(q.calls.items);
    expect(sent.txsGasLimit).toBe(callsGasLimit(BigInt(q.calls.simulation.gasUsed)));
    expect(sent.topupGas).toBeUndefined();
  });

  it('without calls or action the POST is the GET in JSON', async () => {
    const params = { srcChain: '8453', srcToken: BASE_USDC, amount: '25000000', dstChain: '42161', dstToken: USDC, sender: SENDER, recipient: RECIPIENT };
    const [post, get] = [await s.post('/v1/quote', params), await s.get(`/v1/quote?${new URLSearchParams(params).toString()}`)];
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const strip = (b: any) => b.quotes.map(({ quoteId: _q, expiresAt: _e, ...rest }: any) => rest);
    expect(strip(post.body)).toEqual(strip(get.body));
    expect(post.body.quotes.map((q: any) => q.provider).sort()).toEqual(['debridge', 'relay']);
  });

  it('a deposit that reverts → 422 CALLS_REVERTED naming the call and reason; Relay never asked', async () => {
    const before = relay.quoteBodies.length;
    const r = await s.post('/v1/quote', base({ calls: [approve(CALL_TARGETS.cappedVault), deposit(CALL_TARGETS.cappedVault)] }));
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('CALLS_REVERTED');
    expect(r.body.error.message).toMatch(/calls\[1\].*ERC4626ExceededMaxDeposit\(0x[0-9a-fA-F]{40}, 2500000, 1000000\)/);
    expect(relay.quoteBodies.length).toBe(before);
  });

  it('a target crediting msg.sender → 422 naming the executor-credit problem', async () => {
    const r = await s.post('/v1/quote', base({ calls: [approve(CALL_TARGETS.senderVault), deposit(CALL_TARGETS.senderVault)] }));
    expect(r.status).toBe(422);
    expect(r.body.error.message).toMatch(/calls\[1\].*credits the executor/);
  });

  it('native output: a call with value crediting recipient is quoted', async () => {
    const call = {
      to: CALL_TARGETS.nativeVault,
      data: encodeFunctionData({ abi: nativeVaultAbi, functionName: 'depositFor', args: [RECIPIENT] }),
      value: '1000000000000000',
    };
    const r = await s.post('/v1/quote', base({ dstToken: '0x0000000000000000000000000000000000000000', dstAmount: '1000000000000000', calls: [call] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.best.calls.items).toEqual([{ ...call, to: call.to.toLowerCase() }]);
    expect(lastRelayBody().txs).toEqual([{ ...call, to: call.to.toLowerCase() }]);
  });

  const A = '0x4444444444444444444444444444444444444444' as Hex;
  it.each([
    ['missing approve', [deposit(CALL_TARGETS.vault)], /approve\(target, >= dstAmount/],
    [
      'transferFrom smuggled',
      [
        approve(CALL_TARGETS.vault),
        deposit(CALL_TARGETS.vault),
        { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [A, RECIPIENT, 1n] }), value: '0' },
      ],
      /^calls\[2\]: transferFrom/,
    ],
    [
      'permit',
      [
        {
          to: USDC,
          data: encodeFunctionData({
            abi: parseAbi(['function permit(address,address,uint256,uint256,uint8,bytes32,bytes32)']),
            args: [A, A, 1n, 1n, 27, `0x${'00'.repeat(32)}`, `0x${'00'.repeat(32)}`],
          }),
          value: '0',
        },
        approve(CALL_TARGETS.vault),
        deposit(CALL_TARGETS.vault),
      ],
      /^calls\[0\]: permit \(EIP-2612\)/,
    ],
    [
      'Permit2',
      [
        approve(CALL_TARGETS.vault),
        {
          to: '0x000000000022d473030f116ddee9f6b43ac78ba3',
          data: encodeFunctionData({ abi: parseAbi(['function transferFrom(address,address,uint160,address)']), args: [A, A, 1n, USDC as Hex] }),
          value: '0',
        },
        deposit(CALL_TARGETS.vault),
      ],
      /^calls\[1\]: Permit2 transferFrom/,
    ],
    [
      'a call into the executor itself (nested calls would run as the executor)',
      [approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault), { to: RELAY_MULTICALLER, data: '0x12345678', value: '0' }],
      /^calls\[2\]: targets the provider's executor/,
    ],
  ])('%s → 400 INVALID_PARAMS', async (_n, calls, message) => {
    const r = await s.post('/v1/quote', base({ calls }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_PARAMS');
    expect(r.body.error.message).toMatch(message);
  });

  it.each([
    ['same-chain route', { srcChain: '42161', srcToken: USDC }, /cross-chain only/],
    [
      'Solana destination',
      { dstChain: 'solana', dstToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', recipient: 'GTtzwxqy67xx9DVESJjx28TgXqpc8xTqtiytgNMaQBTE' },
      /EVM chains only/,
    ],
    ['gas on arrival', { gasOnArrival: true }, /gasOnArrival: cannot be combined/],
    ['amount instead of dstAmount', { dstAmount: undefined, amount: '2500000' }, /dstAmount: destination calls need dstAmount/],
    ['calls and action together', { action: { type: 'deposit', vault: CALL_TARGETS.vault } }, /either calls or action/],
  ])('%s → 400 INVALID_PARAMS naming the reason', async (_n, o, message) => {
    const r = await s.post('/v1/quote', base({ calls: [approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)], ...o }));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.code).toBe('INVALID_PARAMS');
    expect(r.body.error.message).toMatch(message);
  });

  it('simulation impossible (destination RPC down) → 502 PROVIDER_ERROR', async () => {
    const op = '0x0b2c639c533813f4aa9d7837caf62653d097ff85';
    const r = await s.post(
      '/v1/quote',
      base({ dstChain: '10', dstToken: op, calls: [{ ...approve(CALL_TARGETS.vault), to: op }, deposit(CALL_TARGETS.vault)] }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(502);
    expect(r.body.error.code).toBe('PROVIDER_ERROR');
    expect(r.body.error.message).toMatch(/simulation could not run on chain 10/);
  });

  it('GraphQL quoteWithCalls: the same quote, and CallsRevertedError as a typed error', async () => {
    const { gql } = inProcessGraphQL(s);
    const ok = await gql(QuoteWithCalls, { input: { quote: base(), action: { type: 'deposit', vault: CALL_TARGETS.vault } } });
    expect(ok.errors).toBeUndefined();
    const res = ok.data!.quoteWithCalls;
    if (res.__typename !== 'QuoteResponse') throw new Error(`expected quotes, got ${res.__typename}`);
    expect(res.best.provider).toBe('relay');
    expect((res.best.calls as any).simulation.ok).toBe(true);
    expect(res.best.srcAmount).toMatch(/^[0-9]+$/);
    const bad = await gql(QuoteWithCalls, { input: { quote: base(), calls: [approve(CALL_TARGETS.cappedVault), deposit(CALL_TARGETS.cappedVault)] } });
    expect(bad.data!.quoteWithCalls).toMatchObject({ __typename: 'CallsRevertedError', code: 'CALLS_REVERTED' });
    expect((bad.data!.quoteWithCalls as { message: string }).message).toMatch(/calls\[1\]/);
  });
});
