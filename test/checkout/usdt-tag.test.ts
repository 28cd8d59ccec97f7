import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, parseEventLogs, size, slice, type Address, type Hex } from 'viem';
import { ETHEREUM_USDT, installUsdtLikeToken, usdtLikeAbi } from '../../src/devnet/index.js';
import { sessionTag } from '../../src/checkout/verify/evidence.js';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { withDevnet, type DevnetFixture } from '../fixtures/devnet.js';
import { USDC, freshAddress, settled, waitForSession } from './helpers.js';

/**
 * The session tag rides after the ERC-20 `transfer(recipient, amount)` calldata (src/checkout/verify/evidence.ts).
 * The claim: the token contracts at their real addresses ignore those trailing 32 bytes, so the tagged transfer
 * the session quote hands out moves exactly the amount, like a plain one, and the session is paid.
 *
 * - Ethereum USDT: `UsdtLikeToken` at 0xdAC17F95…1ec7 on an anvil with chain id 1. It carries TetherToken's
 *   `onlyPayloadSize` and reads its arguments as Solidity 0.4.17 does (contracts/UsdtLikeToken.sol), so the
 *   truncated-calldata cases below revert because of that guard and nothing else.
 * - Base USDC: the devnet's `TestERC20` at 0x8335…2913 (Circle's FiatTokenV2_2 behind FiatTokenProxy decodes by
 *   offset too: src/devnet/README.md, "Trailing calldata").
 */
const eth = withDevnet({ chainId: 1 });
const base = withDevnet();

const AMOUNT = 5_000_000n; // 5 USDT / 5 USDC (6 decimals)
/** Selector + two ABI words (TetherToken: `onlyPayloadSize(2 * 32)`), then the 32-byte session tag. */
const TAGGED_TRANSFER_BYTES = 4 + 2 * 32 + 32;

interface Case {
  name: string;
  devnet: () => DevnetFixture;
  chainId: number;
  settleChain: string;
  symbol: 'USDT' | 'USDC';
  token: Address;
}
const cases: Case[] = [
  { name: 'USDT on Ethereum (UsdtLikeToken, onlyPayloadSize)', devnet: () => eth, chainId: 1, settleChain: 'ethereum', symbol: 'USDT', token: ETHEREUM_USDT },
  { name: 'USDC on Base (TestERC20)', devnet: () => base, chainId: 8453, settleChain: 'base', symbol: 'USDC', token: USDC },
];

const balanceOf = (d: DevnetFixture, token: Address, who: Address) =>
  d.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

/** Sends raw calldata to `token` with a fixed gas limit (no estimation), so a call that reverts is still mined. */
async function sendRaw(d: DevnetFixture, from: number, token: Address, data: Hex) {
  const hash = await d.walletClient(d.accounts[from]!).sendTransaction({ to: token, data, gas: 200_000n });
  return d.publicClient.waitForTransactionReceipt({ hash });
}

beforeAll(async () => {
  // USDT holders on the chain-id-1 devnet (setupDevnet funds USDC/DAI only).
  await installUsdtLikeToken(eth.rpcUrl, { holders: [1, 2, 3].map((i) => eth.accounts[i]!.address), amount: 1_000n * 10n ** 6n });
}, 60_000);

describe.each(backends)('session-tagged direct transfers on the real token addresses (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer({
      backend,
      env: {
        RPC_URL_1: eth.rpcUrl,
        RPC_URL_8453: base.rpcUrl,
        CHECKOUT_CONFIRMATIONS: '1:1,8453:1',
        CHECKOUT_VERIFY_INTERVAL_MS: '100',
      },
    });
    ({ key } = await s.createTestKey());
  }, 60_000);
  afterAll(() => s?.close());

  it.each(cases)("$name: the session quote's tagged transfer moves exactly the amount and pays the session", async (c) => {
    const d = c.devnet();
    expect(await d.publicClient.getChainId()).toBe(c.chainId);
    const payer = d.accounts[1]!;
    const recipient = freshAddress();
    const created = await s.post(
      '/v1/checkout/sessions',
      { amount: AMOUNT.toString(), settleChain: c.settleChain, settleToken: c.symbol, recipient },
      { 'x-api-key': key },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;

    const q = await s.post(`/v1/checkout/sessions/${id}/quote`, { srcChain: String(c.chainId), srcToken: c.symbol, sender: payer.address });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const best = q.body.best;
    expect(best).toMatchObject({
      method: 'direct_transfer',
      provider: 'direct',
      quoteId: expect.stringMatching(/^q_/),
      tx: { vm: 'evm', chainId: c.chainId, to: c.token.toLowerCase(), value: '0' },
    });
    // POST /v1/orders on the quote builds the same transaction.
    const built = await s.post('/v1/orders', { quoteId: best.quoteId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.tx).toMatchObject({ to: best.tx.to, data: best.tx.data, value: '0' });

    // The calldata: a plain `transfer(recipient, amount)`, then the session's 32-byte tag, nothing else.
    const data = best.tx.data as Hex;
    expect(size(data)).toBe(TAGGED_TRANSFER_BYTES);
    expect(slice(data, 0, 4 + 64)).toBe(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient.toLowerCase() as Address, AMOUNT] }));
    expect(slice(data, 4 + 64)).toBe(`0x${sessionTag(id)}`);

    const payerBefore = await balanceOf(d, c.token, payer.address);
    const recipientBefore = await balanceOf(d, c.token, recipient);
    expect(payerBefore).toBeGreaterThanOrEqual(AMOUNT);
    expect(recipientBefore).toBe(0n);

    // Exactly the quoted transaction, as a wallet sends it (gas estimated: a reverting call would throw here).
    const hash = await d.walletClient(payer).sendTransaction({ to: best.tx.to as Address, data, value: BigInt(best.tx.value) });
    const receipt = await d.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect((await d.publicClient.getTransaction({ hash })).input).toBe(data);
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
    expect(transfers.map((l) => [l.address, l.args.from, l.args.to, l.args.value])).toEqual([[c.token.toLowerCase(), payer.address, recipient, AMOUNT]]);
    expect(await balanceOf(d, c.token, recipient)).toBe(recipientBefore + AMOUNT);
    expect(await balanceOf(d, c.token, payer.address)).toBe(payerBefore - AMOUNT);

    const reported = await s.post(`/v1/orders/${best.quoteId}/submitted`, { txHash: hash });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body).toMatchObject({ quoteId: best.quoteId, provider: 'direct', status: 'submitted', srcTxHash: hash, checkoutSessionId: id });
    const done = await waitForSession(s, id, settled, key);
    expect(done).toMatchObject({
      status: 'paid',
      review: null,
      amountReceived: AMOUNT.toString(),
      payment: { payer: payer.address.toLowerCase(), srcTxHash: hash },
    });
    expect(done.payments).toEqual([expect.objectContaining({ kind: 'direct', quoteId: best.quoteId, status: 'succeeded' })]);
  });
});

describe('USDT onlyPayloadSize on the devnet token (no server)', () => {
  const plain = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

  it('transfer: calldata shorter than 4 + 64 bytes reverts and moves nothing; exactly 4 + 64, or more, transfers the amount', async () => {
    const from = eth.accounts[2]!.address;
    const to = freshAddress();
    const before = await balanceOf(eth, ETHEREUM_USDT, from);
    const full = plain(to, AMOUNT);
    expect(size(full)).toBe(4 + 64);

    // One byte short (the amount's last byte): a 0.4.17 decoder would read it as 0 and send 0x4c4b00 instead
    // of 0x4c4b40; only the guard stops it. Also an address-only payload (the short address attack's shape).
    for (const short of [slice(full, 0, 4 + 64 - 1), slice(full, 0, 4 + 32)]) {
      const r = await sendRaw(eth, 2, ETHEREUM_USDT, short);
      expect(r.status, `calldata of ${size(short)} bytes`).toBe('reverted');
      expect(r.logs).toEqual([]);
    }
    expect(await balanceOf(eth, ETHEREUM_USDT, to)).toBe(0n);
    expect(await balanceOf(eth, ETHEREUM_USDT, from)).toBe(before);

    // The boundary and beyond: plain, tagged, and with arbitrary extra words.
    const tagged = `${full}${sessionTag('cs_test_tag')}` as Hex;
    const padded = `${full}${'ff'.repeat(100)}` as Hex;
    for (const data of [full, tagged, padded]) expect((await sendRaw(eth, 2, ETHEREUM_USDT, data)).status).toBe('success');
    expect(await balanceOf(eth, ETHEREUM_USDT, to)).toBe(3n * AMOUNT);
    expect(await balanceOf(eth, ETHEREUM_USDT, from)).toBe(before - 3n * AMOUNT);
  });

  it('transferFrom: calldata shorter than 4 + 96 bytes reverts; with a trailing tag it transfers exactly the amount', async () => {
    const owner = eth.accounts[3]!;
    const spender = eth.accounts[4]!;
    const to = freshAddress();
    const approve = await eth
      .walletClient(owner)
      .writeContract({ address: ETHEREUM_USDT, abi: usdtLikeAbi, functionName: 'approve', args: [spender.address, 10n * AMOUNT] });
    expect((await eth.publicClient.waitForTransactionReceipt({ hash: approve })).status).toBe('success');
    const before = await balanceOf(eth, ETHEREUM_USDT, owner.address);
    const full = encodeFunctionData({ abi: usdtLikeAbi, functionName: 'transferFrom', args: [owner.address, to, AMOUNT] });
    expect(size(full)).toBe(4 + 96);

    const short = await sendRaw(eth, 4, ETHEREUM_USDT, slice(full, 0, 4 + 96 - 1));
    expect(short.status).toBe('reverted');
    expect(await balanceOf(eth, ETHEREUM_USDT, owner.address)).toBe(before);
    expect(
      await eth.publicClient.readContract({ address: ETHEREUM_USDT, abi: usdtLikeAbi, functionName: 'allowance', args: [owner.address, spender.address] }),
    ).toBe(10n * AMOUNT);

    const tagged = await sendRaw(eth, 4, ETHEREUM_USDT, `${full}${sessionTag('cs_test_tag')}` as Hex);
    expect(tagged.status).toBe('success');
    expect(await balanceOf(eth, ETHEREUM_USDT, to)).toBe(AMOUNT);
    expect(await balanceOf(eth, ETHEREUM_USDT, owner.address)).toBe(before - AMOUNT);
    expect(
      await eth.publicClient.readContract({ address: ETHEREUM_USDT, abi: usdtLikeAbi, functionName: 'allowance', args: [owner.address, spender.address] }),
    ).toBe(9n * AMOUNT);
  });

  it('Base USDC (TestERC20) also refuses calldata shorter than its arguments (Solidity >= 0.5 decoders check the minimum)', async () => {
    const to = freshAddress();
    const full = plain(to, AMOUNT);
    const r = await sendRaw(base, 2, USDC, slice(full, 0, 4 + 64 - 1));
    expect(r.status).toBe('reverted');
    expect(await balanceOf(base, USDC, to)).toBe(0n);
  });
});
