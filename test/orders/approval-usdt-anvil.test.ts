import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import { ETHEREUM_USDT, installUsdtLikeToken, usdtLikeAbi } from '../../src/devnet/index.js';
import { approvalsForAllowance, needsZeroFirstApproval } from '../../src/orders/approval.js';
import { withDevnet } from '../fixtures/devnet.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { graphql } from '../graphql/generated/index.js';

const BuildApprovals = graphql(`
  mutation BuildApprovals($quoteId: ID!) {
    buildOrder(input: { quoteId: $quoteId }) {
      ... on BuildOrderPayload { tx { ... on EvmTx { approvalReset { token spender amount } approval { amount } } } }
      ... on Error { code message }
    }
  }
`);

const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';
const A = { token: '0xt', spender: '0xs', amount: '100' };

describe('approvalsForAllowance (pure)', () => {
  it.each([
    // allowance, amount, zeroFirst → what to send
    [100n, 100n, true, {}],
    [0n, 100n, true, { approval: A }],
    [1n, 100n, true, { approvalReset: { ...A, amount: '0' }, approval: A }],
    [1n, 100n, false, { approval: A }],
    [0n, 100n, false, { approval: A }],
    [200n, 100n, false, {}],
  ])('allowance %s, amount %s, zero-first %s', (allowance, amount, zeroFirst, out) => {
    expect(approvalsForAllowance(allowance, amount, zeroFirst, A)).toEqual(out);
  });

  it('knows Ethereum USDT only on Ethereum', () => {
    expect(needsZeroFirstApproval(1, ETHEREUM_USDT)).toBe(true);
    expect(needsZeroFirstApproval(1, ETHEREUM_USDT.toLowerCase())).toBe(true);
    expect(needsZeroFirstApproval(8453, ETHEREUM_USDT)).toBe(false);
    expect(needsZeroFirstApproval(1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe(false);
  });
});

/** A USDT-like token at the real USDT address on an anvil posing as Ethereum (chain id 1). */
const devnet = withDevnet({ chainId: 1 });

describe('POST /v1/orders with Ethereum USDT (approve refuses non-zero → non-zero)', () => {
  let s: TestServer;
  beforeAll(async () => {
    await installUsdtLikeToken(devnet.rpcUrl, { holders: [devnet.accounts[1]!.address, devnet.accounts[2]!.address] });
    s = await startTestServer({ env: { PROVIDERS: 'mock', MOCK_PROVIDER: '1', MOCK_CHAINS: '1', RPC_URL_1: devnet.rpcUrl } });
  }, 60_000);
  afterAll(() => s?.close());

  const build = async (sender: Address, amount = '5000000') => {
    const q = await s.get(
      `/v1/quote?${new URLSearchParams({ srcChain: '1', srcToken: 'USDT', amount, dstChain: '1', dstToken: 'USDC', sender, recipient: sender })}`,
    );
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const built = await s.post('/v1/orders', { quoteId: q.body.best.quoteId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    return built.body.tx;
  };
  const approve = async (from: number, spender: string, amount: bigint) => {
    const hash = await devnet
      .walletClient(devnet.accounts[from]!)
      .writeContract({ address: ETHEREUM_USDT, abi: usdtLikeAbi, functionName: 'approve', args: [spender as Address, amount] });
    return devnet.publicClient.waitForTransactionReceipt({ hash });
  };

  it('a short non-zero allowance gets approvalReset (0) before approval; in that order the wallet lands the payment', async () => {
    const payer = devnet.accounts[1]!;
    expect((await approve(1, MULTICALL3, 1n)).status).toBe('success');
    const tx = await build(payer.address);
    expect(tx.approvalReset).toEqual({ token: ETHEREUM_USDT.toLowerCase(), spender: MULTICALL3, amount: '0' });
    expect(tx.approval).toEqual({ token: ETHEREUM_USDT.toLowerCase(), spender: MULTICALL3, amount: '5000000' });
    // The token really refuses the approval alone (the reason the reset exists).
    await expect(
      devnet.publicClient.simulateContract({
        account: payer.address,
        address: ETHEREUM_USDT,
        abi: usdtLikeAbi,
        functionName: 'approve',
        args: [MULTICALL3, 5_000_000n],
      }),
    ).rejects.toThrow(/reset allowance to 0 first/);
    expect((await approve(1, tx.approvalReset.spender, BigInt(tx.approvalReset.amount))).status).toBe('success');
    expect((await approve(1, tx.approval.spender, BigInt(tx.approval.amount))).status).toBe('success');
    const hash = await devnet.walletClient(payer).sendTransaction({ to: tx.to, data: tx.data as Hex, value: BigInt(tx.value) });
    expect((await devnet.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  });

  it('a zero allowance gets approval only; an allowance that covers the amount gets neither (also over GraphQL)', async () => {
    const payer = devnet.accounts[2]!;
    const tx = await build(payer.address);
    expect(tx.approvalReset).toBeUndefined();
    expect(tx.approval).toMatchObject({ amount: '5000000' });
    await approve(2, MULTICALL3, 10_000_000n);
    const enough = await build(payer.address);
    expect(enough.approval).toBeUndefined();
    expect(enough.approvalReset).toBeUndefined();

    const q = await s.get(
      '/v1/quote?' +
        new URLSearchParams({
          srcChain: '1',
          srcToken: 'USDT',
          amount: '20000000',
          dstChain: '1',
          dstToken: 'USDC',
          sender: payer.address,
          recipient: payer.address,
        }),
    );
    const g = await inProcessGraphQL(s).gql(BuildApprovals, { quoteId: q.body.best.quoteId });
    expect(g.errors, JSON.stringify(g.errors)).toBeUndefined();
    expect(g.data!.buildOrder).toEqual({
      tx: { approvalReset: { token: ETHEREUM_USDT.toLowerCase(), spender: MULTICALL3, amount: '0' }, approval: { amount: '20000000' } },
    });
  });
});
