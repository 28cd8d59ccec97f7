import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, type Hex } from 'viem';
import { withDevnet } from '../../fixtures/devnet.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { outputFor } from '../../../src/providers/mock/pricing.js';
import { waitFor } from '../../helpers/wait.js';

/** The mock provider on a real anvil: built transactions are sent by a viem wallet and filled by the maker. */
describe('mock provider on the devnet', () => {
  const devnet = withDevnet();
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ env: { PROVIDERS: 'mock', MOCK_PROVIDER: '1', RPC_URL_8453: devnet.rpcUrl, ORDER_POLL_INTERVAL_MS: '100' } });
  });
  afterAll(() => s?.close());

  const balance = (token: string, who: string) =>
    token === '0x0000000000000000000000000000000000000000'
      ? devnet.publicClient.getBalance({ address: who as Hex })
      : devnet.publicClient.readContract({ address: token as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [who as Hex] });

  async function waitForOrder(quoteId: string) {
    return waitFor(
      async () => {
        const o = await s.services.orders.get(quoteId);
        return o && o.status !== 'submitted' ? o : undefined;
      },
      { intervalMs: 50, what: `order ${quoteId} to settle` },
    );
  }

  async function quoteAndBuild(srcToken: string, dstToken: string, amount: string, sender: string, recipient: string) {
    const q = await s.get(`/v1/quote?${new URLSearchParams({ srcChain: '8453', srcToken, amount, dstChain: '8453', dstToken, sender, recipient })}`);
    expect(q.status).toBe(200);
    expect(q.body.best.provider).toBe('mock');
    const b = await s.post('/v1/orders', { quoteId: q.body.best.quoteId });
    expect(b.status).toBe(200);
    return { quote: q.body.best, tx: b.body.tx };
  }

  it('USDC → DAI: approval first, then the built transaction succeeds and the recipient receives dstAmount', async () => {
    const user = devnet.accounts[1];
    const recipient = devnet.accounts[2].address;
    const wallet = devnet.walletClient(user);
    const { quote, tx } = await quoteAndBuild('USDC', 'DAI', '25000000', user.address, recipient);
    expect(BigInt(quote.dstAmount)).toBe(outputFor(25_000000n, { decimals: 6, usd: 1 }, { decimals: 18, usd: 1 }, 30 + 10));
    expect(tx.approval).toMatchObject({ token: devnet.tokens.USDC.address.toLowerCase(), amount: '25000000' });

    const approveHash = await wallet.writeContract({
      address: tx.approval.token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [tx.approval.spender, BigInt(tx.approval.amount)],
    });
    expect((await devnet.publicClient.waitForTransactionReceipt({ hash: approveHash })).status).toBe('success');
    // with the allowance in place, building again carries no approval
    expect((await s.post('/v1/orders', { quoteId: quote.quoteId })).body.tx.approval).toBeUndefined();

    const before = await balance(devnet.tokens.DAI.address, recipient);
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    expect((await devnet.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    const reported = await s.post(`/v1/orders/${quote.quoteId}/submitted`, { txHash: hash });
    expect(reported.body.status).toBe('submitted');
    const order = await waitForOrder(quote.quoteId);
    expect(order).toMatchObject({ status: 'filled', dstTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect((await balance(devnet.tokens.DAI.address, recipient)) - before).toBe(BigInt(quote.dstAmount));
  });

  it('ETH → USDC: the value goes to the maker and the recipient receives USDC', async () => {
    const user = devnet.accounts[3];
    const recipient = devnet.accounts[4].address;
    const { quote, tx } = await quoteAndBuild('ETH', 'USDC', (10n ** 16n).toString(), user.address, recipient);
    expect(tx.approval).toBeUndefined();
    const before = await balance(devnet.tokens.USDC.address, recipient);
    const hash = await devnet.walletClient(user).sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    await s.post(`/v1/orders/${quote.quoteId}/submitted`, { txHash: hash });
    expect((await waitForOrder(quote.quoteId)).status).toBe('filled');
    expect((await balance(devnet.tokens.USDC.address, recipient)) - before).toBe(BigInt(quote.dstAmount));
  });

  it('an amount ending in 4002 reports failed and nothing is delivered', async () => {
    const user = devnet.accounts[5];
    const recipient = devnet.accounts[6].address;
    const wallet = devnet.walletClient(user);
    const { quote, tx } = await quoteAndBuild('USDC', 'DAI', '10004002', user.address, recipient);
    await devnet.publicClient.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: tx.approval.token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [tx.approval.spender, BigInt(tx.approval.amount)],
      }),
    });
    const before = await balance(devnet.tokens.DAI.address, recipient);
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: 0n });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    await s.post(`/v1/orders/${quote.quoteId}/submitted`, { txHash: hash });
    expect((await waitForOrder(quote.quoteId)).status).toBe('failed');
    expect(await balance(devnet.tokens.DAI.address, recipient)).toBe(before);
  });
});
