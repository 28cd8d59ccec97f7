import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatHex, encodeFunctionData, keccak256, encodeAbiParameters, parseSignature, type Abi, type Address, type Hex } from 'viem';
import { sign } from 'viem/accounts';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { withDevnet } from '../fixtures/devnet.js';
import { waitFor } from '../helpers/wait.js';
import { USDC, freshAddress, settled, signedTransfer, transfer, transferData, waitForSession } from './helpers.js';
import { sessionTag } from '../../src/checkout/verify/evidence.js';

const devnet = withDevnet();

/** A minimal relayable contract wallet (the Safe / ERC-4337 pattern): the owner signs, ANYONE submits. */
const WALLET_SRC = `
pragma solidity ^0.8.20;
contract MiniWallet {
    address public owner; uint256 public nonce;
    constructor(address o) { owner = o; }
    function exec(address to, bytes calldata data, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(address(this), block.chainid, to, keccak256(data), nonce));
        require(ecrecover(h, v, r, s) == owner, "sig");
        nonce++;
        (bool ok, ) = to.call(data);
        require(ok, "call");
    }
}`;

function compileWallet(): { abi: Abi; bytecode: Hex } {
  const solc = createRequire(import.meta.url)('solc');
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'W.sol': { content: WALLET_SRC } },
        settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  );
  const c = out.contracts['W.sol'].MiniWallet;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

/**
 * The second read's attacks on payment evidence, each on the devnet with real transactions (docs/checkout.md, "Payment
 * integrity"): every one of them succeeded against the first version of the evidence rules.
 */
describe('payment evidence under attack', () => {
  let s: TestServer;
  let key: string;
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    s = await startTestServer({
      clock,
      env: {
        PROVIDERS: 'mock',
        MOCK_PROVIDER: '1',
        RPC_URL_8453: devnet.rpcUrl,
        ORDER_POLL_INTERVAL_MS: '100',
        CHECKOUT_CONFIRMATIONS: '8453:1',
        CHECKOUT_VERIFY_INTERVAL_MS: '100',
        RATE_LIMIT_STRICT: '5000/60',
      },
    });
    ({ key } = await s.createTestKey());
  }, 120_000);
  afterAll(() => s?.close());

  const session = async (recipient: Address = freshAddress(), amount = 5_000_000n, extra: Record<string, unknown> = {}) => {
    const r = await s.post('/v1/checkout/sessions', { amount: amount.toString(), settleChain: 8453, settleToken: 'USDC', recipient, ...extra }, h());
    expect(r.status, r.text).toBe(201);
    return { id: r.body.id as string, recipient };
  };
  const acct = (i: number) => devnet.accounts[i]!;

  it("relay hijack: whoever submits a contract wallet's signed payment for X and appends Y's tag to the outer calldata does not get Y paid", async () => {
    const x = await session();
    const y = await session(x.recipient); // same merchant recipient and amount (e.g. the attacker's own order)
    const victim = acct(1);
    const attacker = acct(5);
    // The victim's contract wallet, holding USDC.
    const { abi, bytecode } = compileWallet();
    const deployHash = await devnet.walletClient(victim).deployContract({ abi, bytecode, args: [victim.address] });
    const wallet = (await devnet.publicClient.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;
    await transfer(devnet, 1, USDC, wallet, 5_000_000n);
    // The victim signs the exact payment for X the session quote asks for: transfer(recipient, amount) ‖ tag(X).
    const inner = transferData(x.recipient, 5_000_000n, x.id);
    const digest = keccak256(
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'uint256' }, { type: 'address' }, { type: 'bytes32' }, { type: 'uint256' }],
        [wallet, 8453n, USDC, keccak256(inner), 0n],
      ),
    );
    const sig = parseSignature(await sign({ hash: digest, privateKey: victim.privateKey, to: 'hex' }));
    // The attacker (a bundler / relayer / mempool copier) submits it, with Y's tag appended to the outer calldata.
    const execData = encodeFunctionData({ abi, functionName: 'exec', args: [USDC, inner, Number(sig.v ?? BigInt(sig.yParity + 27)), sig.r, sig.s] });
    const hash = await devnet.walletClient(attacker).sendTransaction({ to: wallet, data: concatHex([execData, `0x${sessionTag(y.id)}`]), gas: 300_000n });
    expect((await devnet.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');

    await s.post(`/v1/checkout/sessions/${y.id}/submitted`, { txHash: hash, payer: attacker.address });
    const doneY = await waitForSession(s, y.id, settled, key);
    // The victim's pay page reports the same (only) hash on X.
    await s.post(`/v1/checkout/sessions/${x.id}/submitted`, { txHash: hash, payer: victim.address });
    const doneX = await waitForSession(s, x.id, settled, key);
    // The victim's money was made for X; Y is not paid by it, and the relayer never becomes anyone's payer.
    expect([doneY.status, doneY.payment]).toEqual(['open', null]);
    expect(doneY.payments[0]).toMatchObject({ status: 'rejected', reason: 'no_session_evidence' });
    // A wrapped (relayed) transfer is not the tagged transfer itself: X is not credited by evidence either, the
    // payment is recorded for the merchant to look at (contract wallets pay by transfer address; docs/checkout.md).
    expect([doneX.status, doneX.payments[0].reason]).toEqual(['open', 'no_session_evidence']);
  });

  it("a stranger's tagged call that moves nothing to the recipient leaves the session open", async () => {
    const y = await session();
    const hash = await transfer(devnet, 6, USDC, freshAddress(), 0n, { session: y.id });
    await s.post(`/v1/checkout/sessions/${y.id}/submitted`, { txHash: hash, payer: acct(6).address });
    const done = await waitForSession(s, y.id, settled, key);
    expect(done.status).toBe('open');
  });

  it("a transaction that only contains a build's bytes (routed) does not move the session", async () => {
    const y = await session();
    const attacker = acct(7);
    const q = (await s.post(`/v1/checkout/sessions/${y.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: attacker.address })).body.best;
    const built = (await s.post('/v1/orders', { quoteId: q.quoteId })).body.tx;
    // A plain call to an EOA (nothing executes) whose calldata is the build followed by its target as a word.
    const word = `0x${built.to.slice(2).toLowerCase().padStart(64, '0')}` as Hex;
    const hash = await devnet.walletClient(attacker).sendTransaction({ to: freshAddress(), data: concatHex([built.data, word]) });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    expect((await s.post(`/v1/orders/${q.quoteId}/submitted`, { txHash: hash })).status).toBe(200);
    // No payment moved: the report settles as a hint and the session stays open and payable.
    const now = await waitForSession(s, y.id, settled, key);
    expect([now.status, now.payments[0].reason]).toEqual(['open', 'no_session_evidence']);
  });

  it("a stranger reporting the payer's direct hash first under a routed quote of the same session does not lock the payer out: X is paid", async () => {
    const x = await session();
    const payer = acct(2);
    const t = await signedTransfer(devnet, 2, USDC, x.recipient, 5_000_000n, x.id);
    // Stranger: a same-chain routed quote of X (DAI on Base), reporting the payer's hash (seen in the mempool).
    const q = (await s.post(`/v1/checkout/sessions/${x.id}/quote`, { srcChain: 'base', srcToken: 'DAI', sender: acct(8).address })).body.best;
    expect((await s.post(`/v1/orders/${q.quoteId}/submitted`, { txHash: t.hash })).status).toBe(200);
    await t.send();
    const mine = await s.post(`/v1/checkout/sessions/${x.id}/submitted`, { txHash: t.hash, payer: payer.address });
    expect(mine.status, mine.text).toBe(200);
    const done = await waitForSession(s, x.id, settled, key);
    expect(done.status).toBe('paid');
  });

  it('reports revived after tx_not_found count against the bound of unseen reports', async () => {
    const z = await session(freshAddress(), 5_000_000n, { expiresInMinutes: 1440 });
    const fake = () => `0x${randomBytes(32).toString('hex')}`;
    const first = Array.from({ length: 10 }, fake);
    for (const hsh of first) expect((await s.post(`/v1/checkout/sessions/${z.id}/submitted`, { txHash: hsh, payer: acct(3).address })).status).toBe(200);
    offsetMs = 31 * 60_000; // past CHECKOUT_TX_NOT_FOUND_MINUTES: the verifier lapses them
    try {
      await waitFor(async () => ((await s.db.prisma.checkoutPayment.count({ where: { sessionId: z.id, status: 'failed' } })) === 10 ? true : undefined), {
        intervalMs: 100,
        what: 'lapse',
      });
      for (let i = 0; i < 10; i++) await s.post(`/v1/checkout/sessions/${z.id}/submitted`, { txHash: fake(), payer: acct(3).address });
      for (const hsh of first) await s.post(`/v1/checkout/sessions/${z.id}/submitted`, { txHash: hsh, payer: acct(3).address });
      const unseen = await s.db.prisma.checkoutPayment.count({ where: { sessionId: z.id, status: 'verifying', seenAt: null } });
      expect(unseen).toBeLessThanOrEqual(10);
    } finally {
      offsetMs = 0;
    }
  });

  it("under review, a payment that never carried the session's evidence (another session's transaction) cannot be accepted", async () => {
    const x = await session();
    const z = await session(x.recipient);
    const hx = await transfer(devnet, 1, USDC, x.recipient, 5_000_000n, { session: x.id });
    await s.post(`/v1/checkout/sessions/${x.id}/submitted`, { txHash: hx, payer: acct(1).address });
    expect((await waitForSession(s, x.id, settled, key)).status).toBe('paid');
    // The attacker (Z's customer) reports X's transfer on Z, then pushes Z into review with 1 unit.
    await s.post(`/v1/checkout/sessions/${z.id}/submitted`, { txHash: hx, payer: acct(6).address });
    const h1 = await transfer(devnet, 6, USDC, z.recipient, 1n, { session: z.id });
    await s.post(`/v1/checkout/sessions/${z.id}/submitted`, { txHash: h1, payer: acct(6).address });
    const review = await waitForSession(s, z.id, settled, key);
    expect(review.status).toBe('needs_review');
    const copied = review.payments.find((p: any) => p.srcTxHash === hx);
    expect(copied).toMatchObject({ status: 'rejected', reason: 'no_session_evidence' });
    const r = await s.post(`/v1/checkout/sessions/${z.id}/review/accept`, { note: 'customer says this is their 5 USDC transfer', payment: copied.id }, h());
    // A payment that was never seen with the session's evidence (nothing delivered FOR this session) cannot be accepted.
    expect(r.status).toBe(409);
  });
});
