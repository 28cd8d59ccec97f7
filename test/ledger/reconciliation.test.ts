import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, type Hex } from 'viem';
import { readOrder } from '../../src/providers/mock/mapping.js';
import { withDevnet } from '../fixtures/devnet.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { ADMIN_ENV, SETUP_WRITE, adminHeaders } from '../helpers/admin.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { sendBuilt } from '../helpers/send-built.js';

const NATIVE = '0x0000000000000000000000000000000000000000';

/**
 * The fee ledger reconciled with the chain, to the base unit: orders filled through the mock provider on anvil, with
 * the service fee (to FEE_RECIPIENT_EVM) and a partner's fee (to its `feeRecipientEvm`), native and ERC-20 inputs.
 * The mock's built transaction carries each fee leg and its maker pays it at fill, so three figures must agree per
 * token: the fee legs decoded from the built transactions, what each recipient received on chain, and the ledger's
 * `service_revenue` and `partner_payable:<partner>` balances.
 */
describe('fee ledger reconciliation on the devnet (mock provider)', () => {
  const devnet = withDevnet();
  const llama = new DefiLlamaServer();
  let s: TestServer;
  let usdc: string;
  const feeRecipient = () => devnet.accounts[7]!.address.toLowerCase();
  const partnerRecipient = () => devnet.accounts[8]!.address.toLowerCase();

  beforeAll(async () => {
    await llama.start();
    usdc = devnet.tokens.USDC.address.toLowerCase();
    s = await startTestServer({
      env: {
        PROVIDERS: 'mock',
        MOCK_PROVIDER: '1',
        RPC_URL_8453: devnet.rpcUrl,
        ORDER_POLL_INTERVAL_MS: '100',
        FEE_RECIPIENT_EVM: feeRecipient(),
        DEFILLAMA_API_URL: llama.url,
        ...ADMIN_ENV,
      },
    });
    await s.services.partners.create({ id: 'acme', label: 'Acme', kind: 'fee', feeBps: 15, maxFeeBps: 50, feeRecipientEvm: partnerRecipient() }, SETUP_WRITE);
  });
  afterAll(async () => {
    await s?.close();
    await llama.close();
  });

  const balance = (token: string, who: string) =>
    token === NATIVE
      ? devnet.publicClient.getBalance({ address: who as Hex })
      : devnet.publicClient.readContract({ address: token as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [who as Hex] });

  /** Quote, build, approve (ERC-20), send, report; returns the quote and the fee legs its built transaction carries. */
  async function pay(userIndex: number, srcToken: 'USDC' | 'ETH', dstToken: string, amount: string, integrator?: string) {
    const user = devnet.accounts[userIndex]!;
    const q = await s.get(
      `/v1/quote?${new URLSearchParams({ srcChain: '8453', srcToken, amount, dstChain: '8453', dstToken, sender: user.address, recipient: user.address, ...(integrator ? { integrator } : {}) })}`,
    );
    expect(q.status, q.text).toBe(200);
    const quote = q.body.best;
    expect(quote.provider).toBe('mock');
    const b = await s.post('/v1/orders', { quoteId: quote.quoteId });
    expect(b.status, b.text).toBe(200);
    const tx = b.body.tx;
    const { hash, status } = await sendBuilt(devnet, user, tx);
    expect(status).toBe('success');
    expect((await s.post(`/v1/orders/${quote.quoteId}/submitted`, { txHash: hash })).status).toBe(200);
    const order = readOrder(tx.data)!;
    return { quote, token: srcToken === 'ETH' ? NATIVE : devnet.tokens.USDC.address.toLowerCase(), fees: order.fees };
  }

  it('the ledger, the built transactions and the recipients’ on-chain receipts agree per token, to the base unit', async () => {
    const tokens = [usdc, NATIVE];
    const before = new Map<string, bigint>();
    for (const t of tokens) for (const who of [feeRecipient(), partnerRecipient()]) before.set(`${t}|${who}`, await balance(t, who));

    // Two ERC-20 and two native inputs, half of them with the partner's fee.
    const paid = await Promise.all([
      pay(1, 'USDC', 'DAI', '25000000', 'acme'),
      pay(2, 'USDC', 'WETH', '10000001'),
      pay(3, 'ETH', 'USDC', (10n ** 16n + 7n).toString(), 'acme'),
      pay(4, 'ETH', 'DAI', (3n * 10n ** 16n).toString()),
    ]);
    for (const p of paid) {
      const src = BigInt(p.quote.srcAmount);
      // What the built transaction carries is the fee at the quote's rates, to the configured recipients.
      expect(p.fees).toEqual([
        { leg: 'service_fee', recipient: feeRecipient(), amount: (src * BigInt(p.quote.fees.ourFeeBps)) / 10_000n },
        ...(p.quote.fees.integratorFeeBps
          ? [{ leg: 'partner_fee', recipient: partnerRecipient(), amount: (src * BigInt(p.quote.fees.integratorFeeBps)) / 10_000n }]
          : []),
      ]);
    }
    expect(paid.filter((p) => p.quote.fees.integratorFeeBps === 15)).toHaveLength(2);

    await waitFor(
      async () => {
        const orders = await Promise.all(paid.map((p) => s.services.orders.get(p.quote.quoteId)));
        return orders.every((o) => o?.status === 'filled') || undefined;
      },
      { intervalMs: 50, what: 'the four orders to fill' },
    );

    // Quotes asked without an API key (keyless swaps) are live: a provider moved real funds for them (orderLivemode).
    const balances = (await s.get('/v1/admin/ledger/balances?mode=live', adminHeaders())).body.data as Array<{
      account: string;
      token: string;
      amount: string;
      usdValue: string | null;
    }>;
    const ledger = (account: string, token: string) => BigInt(balances.find((b) => b.account === account && b.token === token)?.amount ?? '0');
    const decoded = (leg: string, token: string) =>
      paid.filter((p) => p.token === token).reduce((a, p) => a + (p.fees.find((f) => f.leg === leg)?.amount ?? 0n), 0n);
    for (const token of tokens) {
      const received = async (who: string) => (await balance(token, who)) - before.get(`${token}|${who}`)!;
      const service = decoded('service_fee', token);
      const partner = decoded('partner_fee', token);
      expect(service, `service fees carried in ${token}`).toBeGreaterThan(0n);
      expect(partner, `partner fees carried in ${token}`).toBeGreaterThan(0n);
      expect([ledger('service_revenue', token), await received(feeRecipient())], `service fees in ${token}`).toEqual([service, service]);
      expect([ledger('partner_payable:acme', token), await received(partnerRecipient())], `partner fees in ${token}`).toEqual([partner, partner]);
      expect(ledger('payer_volume', token)).toBe(-(service + partner));
    }
    // Per order too, and valued at fill time from the price source.
    for (const p of paid) {
      const entries = (await s.get(`/v1/admin/ledger/entries?orderId=${p.quote.quoteId}`, adminHeaders())).body.data as any[];
      for (const f of p.fees) {
        const credit = entries.find((e) => e.leg === f.leg && BigInt(e.amount) > 0n);
        expect(credit).toMatchObject({ amount: f.amount.toString(), provider: 'mock', chainId: 8453, token: p.token, priceSource: 'defillama' });
      }
      expect(entries).toHaveLength(2 * p.fees.length);
    }
  });
});
