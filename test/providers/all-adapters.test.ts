import { Keypair, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { DebridgeFixture } from '../fixtures/debridge-server.js';
import { LifiFixture } from '../fixtures/lifi-server.js';
import { startRelayFixture, type RelayFixture } from '../fixtures/relay-server.js';
import { startJupiterFixture, type JupiterFixture } from '../fixtures/jupiter-ultra-server.js';
import { startZeroExFixture, type ZeroExFixture } from '../fixtures/zeroex-server.js';
import { startKyberFixture, type KyberFixture } from '../fixtures/kyberswap-server.js';

/**
 * The six real adapters, each against its own faithful fixture, plus the mock, loaded from config through the
 * provider factories, behind `GET /v1/quote`. Each route must reach exactly the providers that serve it, and the
 * ranking must be by time-adjusted output across all of them.
 */

const EVM_SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const wallet = Keypair.generate();
const SOL_SENDER = wallet.publicKey.toBase58();
const FEE_EVM = '0x1111111111111111111111111111111111111111';
const FEE_SOL = Keypair.generate().publicKey.toBase58();
const DEAD = 'http://127.0.0.1:9';

/**
 * Time-adjusted output: 1 bp off per minute of estimated time beyond the first, at most 50 bps; in floating point
 * (a test oracle independent of src/quotes/ranking.ts).
 */
const adjusted = (q: { dstAmount: string; estimatedSeconds: number }) => {
  const penaltyBps = Math.min(50, Math.max(0, q.estimatedSeconds - 60) / 60);
  return Number(q.dstAmount) * (1 - penaltyBps / 10_000);
};

describe.each(backends)('all six adapters and the mock behind GET /v1/quote (%s)', (backend) => {
  let s: TestServer;
  let relay: RelayFixture;
  let debridge: DebridgeFixture;
  let lifi: LifiFixture;
  let jup: JupiterFixture;
  let zx: ZeroExFixture;
  let ks: KyberFixture;

  beforeAll(async () => {
    [relay, debridge, lifi, jup, zx, ks] = await Promise.all([
      startRelayFixture(),
      DebridgeFixture.start(),
      LifiFixture.start(),
      startJupiterFixture(),
      startZeroExFixture(),
      startKyberFixture({ clientId: 'swapgate-fanout' }),
    ]);
    s = await startTestServer({
      backend,
      env: {
        PROVIDERS: 'relay,debridge,lifi,jupiter,0x,kyberswap,mock',
        MOCK_PROVIDER: '1',
        // The mock quotes only on loopback devnet chains; it needs no RPC to quote.
        MOCK_CHAINS: '8453,42161',
        RELAY_API_URL: relay.url,
        DEBRIDGE_API_URL: debridge.url,
        DEBRIDGE_STATS_API_URL: debridge.url,
        DEBRIDGE_REFERRAL_CODE: '4242',
        LIFI_API_URL: lifi.url,
        JUPITER_API_URL: jup.url,
        ZEROEX_API_URL: zx.url,
        ZEROEX_API_KEY: zx.apiKey,
        KYBERSWAP_API_URL: ks.url,
        KYBERSWAP_CLIENT_ID: 'swapgate-fanout',
        FEE_RECIPIENT_EVM: FEE_EVM,
        FEE_RECIPIENT_SOLANA: FEE_SOL,
        PROVIDER_TIMEOUT_MS: '4000',
        DEFILLAMA_API_URL: DEAD,
        SOLANA_RPC_URL: DEAD,
        RPC_URL_8453: DEAD,
        RPC_URL_42161: DEAD,
        PRICE_TIMEOUT_MS: '300',
        TOKEN_LIST_TIMEOUT_MS: '300',
        JOBS_ENABLED: '0',
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await Promise.all([relay, debridge, lifi, jup, zx, ks].map((f) => f?.close()));
  });
  beforeEach(() => {
    debridge.reset();
    lifi.reset();
    jup.reset();
    zx.reset();
    ks.reset();
  });

  const quote = (p: Record<string, string>) => s.get(`/v1/quote?${new URLSearchParams(p).toString()}`);
  /** Which fixtures were asked for a quote during the last call. */
  const asked = (before: { relay: number }) =>
    [
      relay.quoteBodies.length > before.relay ? 'relay' : undefined,
      debridge.sent('/v1.0/dln/order/create-tx').length ? 'debridge' : undefined,
      lifi.sent('/v1/quote').length ? 'lifi' : undefined,
      jup.requests.some((r) => r.path === '/ultra/v1/order') ? 'jupiter' : undefined,
      zx.requests.some((r) => r.path.startsWith('/swap/allowance-holder/')) ? '0x' : undefined,
      ks.requests.some((r) => r.path.endsWith('/api/v1/routes')) ? 'kyberswap' : undefined,
    ]
      .filter(Boolean)
      .sort();
  const expectRanked = (quotes: { provider: string; dstAmount: string; estimatedSeconds: number }[]) => {
    for (let i = 1; i < quotes.length; i++) {
      const [a, b] = [quotes[i - 1], quotes[i]];
      expect(adjusted(a)).toBeGreaterThanOrEqual(adjusted(b));
      if (adjusted(a) === adjusted(b)) expect(a.estimatedSeconds).toBeLessThanOrEqual(b.estimatedSeconds); // ties by speed
    }
  };

  it('EVM same-chain (Base ETH → USDC) reaches 0x, KyberSwap, LI.FI (and Relay); never deBridge or Jupiter; ranked across them', async () => {
    // 1 ETH = 3000 USDC in every fixture; KyberSwap prices 0.4 % better, 0x 0.4 % worse.
    ks.rate = { num: 3n * 1004n, den: 10n ** 9n * 1000n };
    zx.rate = { num: 3n * 996n, den: 10n ** 9n * 1000n };
    const before = { relay: relay.quoteBodies.length };
    const r = await quote({
      srcChain: 'base',
      srcToken: 'ETH',
      amount: (10n ** 17n).toString(),
      dstChain: 'base',
      dstToken: 'USDC',
      sender: EVM_SENDER,
      recipient: EVM_SENDER,
    });
    expect(r.status, r.text).toBe(200);
    const reached = asked(before);
    expect(reached).toEqual(expect.arrayContaining(['0x', 'kyberswap', 'lifi']));
    expect(reached).not.toContain('debridge');
    expect(reached).not.toContain('jupiter');
    const providers = r.body.quotes.map((q: any) => q.provider);
    expect(providers).toEqual(expect.arrayContaining(['0x', 'kyberswap', 'lifi', 'mock']));
    expect(r.body.errors).toEqual([]);
    expectRanked(r.body.quotes);
    expect(r.body.best.provider).toBe('kyberswap');
    expect(providers.indexOf('kyberswap')).toBeLessThan(providers.indexOf('0x'));
    // Both aggregators were asked with the native placeholder and carried the service fee in their own parameters.
    expect(zx.requests[0].query).toMatchObject({
      sellToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      swapFeeRecipient: FEE_EVM,
      swapFeeToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
    });
    expect(ks.requests[0].query).toMatchObject({ tokenIn: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', feeReceiver: FEE_EVM, chargeFeeBy: 'currency_in' });
    for (const q of r.body.quotes.filter((q: any) => q.provider === '0x' || q.provider === 'kyberswap')) expect(q.fees.ourFeeBps).toBe(30);

    // Flip the aggregators' prices: the ranking follows.
    zx.reset();
    ks.reset();
    lifi.reset();
    zx.rate = { num: 3n * 1004n, den: 10n ** 9n * 1000n };
    ks.rate = { num: 3n * 996n, den: 10n ** 9n * 1000n };
    const r2 = await quote({
      srcChain: 'base',
      srcToken: 'ETH',
      amount: (10n ** 17n).toString(),
      dstChain: 'base',
      dstToken: 'USDC',
      sender: EVM_SENDER,
      recipient: EVM_SENDER,
    });
    expect(r2.status).toBe(200);
    expectRanked(r2.body.quotes);
    expect(r2.body.best.provider).toBe('0x');
  });

  it('cross-chain (Arbitrum USDC → Base USDC) reaches Relay, deBridge and LI.FI; never the same-chain aggregators; ranked', async () => {
    const before = { relay: relay.quoteBodies.length };
    const r = await quote({
      srcChain: 'arbitrum',
      srcToken: 'USDC',
      amount: '100000000',
      dstChain: 'base',
      dstToken: 'USDC',
      sender: EVM_SENDER,
      recipient: EVM_SENDER,
    });
    expect(r.status, r.text).toBe(200);
    expect(asked(before)).toEqual(['debridge', 'lifi', 'relay']);
    expect(r.body.quotes.map((q: any) => q.provider).sort()).toEqual(['debridge', 'lifi', 'mock', 'relay']);
    expect(r.body.errors).toEqual([]);
    expectRanked(r.body.quotes);
    // Relay and the mock both deliver 100 USDC less 40 bps here; the faster one ranks first.
    const [relayQ, mockQ] = ['relay', 'mock'].map((p) => r.body.quotes.find((q: any) => q.provider === p));
    expect(relayQ.dstAmount).toBe(mockQ.dstAmount);
    expect(relayQ.estimatedSeconds).toBeLessThan(mockQ.estimatedSeconds);
    expect(r.body.quotes.indexOf(relayQ)).toBeLessThan(r.body.quotes.indexOf(mockQ));
  });

  it('Solana same-chain (SOL → USDC) reaches Jupiter (and the multi-chain providers that swap on Solana), ranked; Jupiter’s quote submits through the API', async () => {
    const before = { relay: relay.quoteBodies.length };
    const r = await quote({
      srcChain: 'solana',
      srcToken: 'SOL',
      amount: '1000000000',
      dstChain: 'solana',
      dstToken: 'USDC',
      sender: SOL_SENDER,
      recipient: SOL_SENDER,
      channel: 'bot',
    });
    expect(r.status, r.text).toBe(200);
    const reached = asked(before);
    expect(reached).toContain('jupiter');
    expect(reached).not.toContain('debridge'); // a bridge, not a Solana swap venue
    expect(reached).not.toContain('0x');
    expect(reached).not.toContain('kyberswap');
    expect(r.body.quotes.map((q: any) => q.provider)).not.toContain('mock'); // EVM devnets only
    expectRanked(r.body.quotes);
    const jq = r.body.quotes.find((q: any) => q.provider === 'jupiter');
    expect(jq).toBeDefined();
    expect(jup.requests[0].query).toMatchObject({
      inputMint: 'So11111111111111111111111111111111111111112',
      taker: SOL_SENDER,
      referralAccount: FEE_SOL,
      referralFee: '90',
    });
    expect(jq.fees.ourFeeBps).toBe(90);

    // Build → wallet signs → submit: the signed bytes reach Ultra's execute unchanged, the signature comes back.
    const built = await s.post('/v1/orders', { quoteId: jq.quoteId });
    expect(built.status, built.text).toBe(200);
    expect(built.body.tx).toMatchObject({ vm: 'svm', submitViaApi: true });
    const tx = VersionedTransaction.deserialize(Buffer.from(built.body.tx.serializedTx, 'base64'));
    tx.sign([wallet]);
    const signed = Buffer.from(tx.serialize()).toString('base64');
    const sub = await s.post('/v1/orders/submit', { quoteId: jq.quoteId, signedTransaction: signed });
    expect(sub.status, sub.text).toBe(200);
    expect(sub.body).toEqual({ provider: 'jupiter', txHash: bs58.encode(tx.signatures[0]) });
    expect(jup.executed).toEqual([signed]);
    expect(jup.requests.find((q) => q.path === '/ultra/v1/execute')?.body).toEqual({ signedTransaction: signed, requestId: expect.any(String) });
  });

  it('Solana → Base reaches deBridge, LI.FI and Relay, never Jupiter; ranked', async () => {
    const before = { relay: relay.quoteBodies.length };
    const r = await quote({
      srcChain: 'solana',
      srcToken: 'USDC',
      amount: '100000000',
      dstChain: 'base',
      dstToken: 'USDC',
      sender: SOL_SENDER,
      recipient: EVM_SENDER,
    });
    expect(r.status, r.text).toBe(200);
    expect(asked(before)).toEqual(['debridge', 'lifi', 'relay']);
    expect(r.body.quotes.map((q: any) => q.provider).sort()).toEqual(['debridge', 'lifi', 'relay']);
    expectRanked(r.body.quotes);
  });
});
