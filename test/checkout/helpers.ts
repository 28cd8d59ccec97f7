import { encodeFunctionData, erc20Abi, keccak256, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { DevnetFixture } from '../fixtures/devnet.js';
import type { TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { tagCalldata } from '../../src/checkout/verify/evidence.js';

export const USDC: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
export const DAI: Address = '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb';

/** A fresh merchant address with no history, so balances and transfers of one test never mix with another. */
export const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/**
 * `transfer(to, amount)` calldata; with `session`, the session's tag appended as the session quote builds it (the
 * evidence a direct payment must carry, src/checkout/verify/evidence.ts).
 */
export const transferData = (to: Address, amount: bigint, session?: string): Hex => {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
  return session ? tagCalldata(data, session) : data;
};

/** Sends an ERC-20 transfer from a devnet account (tagged for `opts.session`) and waits for it to be mined. */
export async function transfer(
  devnet: DevnetFixture,
  fromIndex: number,
  token: Address,
  to: Address,
  amount: bigint,
  opts: { gas?: bigint; session?: string } = {},
): Promise<Hex> {
  const wallet = devnet.walletClient(devnet.accounts[fromIndex]!);
  // sendTransaction with an explicit gas limit skips estimation, so a transfer that reverts is still mined.
  const hash = await wallet.sendTransaction({
    to: token,
    data: transferData(to, amount, opts.session),
    ...(opts.gas ? { gas: opts.gas } : {}),
  });
  await devnet.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

/**
 * Signs an ERC-20 transfer from a devnet account without broadcasting it: its hash is known (and can be
 * reported) before the transaction exists on chain; `send()` broadcasts it and waits for it to be mined.
 * Lets a test order "reported" before "mined" instead of racing the verification job.
 */
export async function signedTransfer(
  devnet: DevnetFixture,
  fromIndex: number,
  token: Address,
  to: Address,
  amount: bigint,
  session?: string,
): Promise<{ hash: Hex; send: () => Promise<Hex> }> {
  const wallet = devnet.walletClient(devnet.accounts[fromIndex]!);
  const request = await wallet.prepareTransactionRequest({ to: token, data: transferData(to, amount, session), gas: 100_000n });
  const signed = await wallet.signTransaction(request);
  const hash = keccak256(signed);
  return {
    hash,
    send: async () => {
      await devnet.publicClient.sendRawTransaction({ serializedTransaction: signed });
      await devnet.publicClient.waitForTransactionReceipt({ hash });
      return hash;
    },
  };
}

/** Polls the session until `done` holds (bounded by the test's timeout). */
export async function waitForSession(s: TestServer, id: string, done: (body: any) => boolean, key?: string): Promise<any> {
  return waitFor(
    async () => {
      const body = (await s.get(`/v1/checkout/sessions/${id}`, key ? { 'x-api-key': key } : undefined)).body;
      return done(body) ? body : undefined;
    },
    { intervalMs: 50, what: `session ${id} to reach the expected state` },
  );
}

/**
 * The session has settled what was reported: not `processing`, and (owner's view) every reported payment settled.
 * A report alone leaves the session `open` (it is a hint until the chain shows the payment), so `open` with a
 * payment still being verified is not settled.
 */
export const settled = (b: any) =>
  b.status !== 'processing' &&
  (Array.isArray(b.payments) ? b.payments.length > 0 && b.payments.every((p: any) => p.status !== 'verifying') : b.status !== 'open');

export async function eventTypes(s: TestServer, id: string): Promise<string[]> {
  const rows = await s.db.sql.query<{ type: string }>('SELECT type FROM events WHERE resource_id = $1 ORDER BY sequence', [id]);
  return rows.map((r) => r.type);
}
