import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { tagCalldata, taggedTransferAmount } from './checkout/verify/evidence.js';
import { createDevnetClients } from './devnet/clients.js';
import { DEVNET_ACCOUNTS, type DevnetAccount } from './devnet/constants.js';

/**
 * `npm run devnet:pay -- <session id>`: pays a test checkout session from a funded devnet wallet the way a payer's
 * wallet does, through the public API only: the session's direct quote, its build (the session-tagged transfer of
 * the settlement token, src/checkout/verify/evidence.ts), the transaction signed and sent to the devnet, the report,
 * then the session polled until the verifier has decided. `amount` pays another amount with the same tag (a short
 * payment goes to `needs_review`).
 */
export interface PaySessionOptions {
  /** The service's base URL (http://localhost:8787). */
  api: string;
  /** The devnet's JSON-RPC URL (anvil posing as the session's settlement chain). */
  rpcUrl: string;
  sessionId: string;
  /** Base units of the settlement token; default the amount due, as the session's build has it. */
  amount?: bigint;
  /** Default devnet account 1, the dev server's test wallet. */
  payer?: DevnetAccount;
  /** How long to wait for the verifier (default 120 s; it answers within a second on an idle machine). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface PaySessionResult {
  txHash: Hex;
  amount: bigint;
  status: string;
}

interface SessionBody {
  id: string;
  status: string;
  amount: string;
  recipient: string;
  settlement: { chainId: number; token: string; symbol: string; decimals: number };
}

/** Statuses the verifier has not decided yet. */
const UNDECIDED = new Set(['open', 'processing']);

export class PayError extends Error {}

export async function payCheckoutSession(o: PaySessionOptions): Promise<PaySessionResult> {
  const doFetch = o.fetch ?? fetch;
  const api = o.api.replace(/\/+$/, '');
  const payer = o.payer ?? DEVNET_ACCOUNTS[1]!;
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await doFetch(`${api}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new PayError(`${body === undefined ? 'GET' : 'POST'} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };

  const session = await call<SessionBody>(`/v1/checkout/sessions/${encodeURIComponent(o.sessionId)}`);
  if (session.status !== 'open') throw new PayError(`session ${session.id} is ${session.status}, not open: nothing to pay`);
  const { chainId, token } = session.settlement;
  const clients = createDevnetClients(o.rpcUrl, { chainId });
  const rpcChainId = await clients.publicClient.getChainId().catch((err: unknown) => {
    throw new PayError(`no devnet answers at ${o.rpcUrl} (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); is npm run dev running?`);
  });
  if (rpcChainId !== chainId) {
    throw new PayError(
      `session ${session.id} settles on chain ${chainId} (${session.settlement.symbol}); the devnet at ${o.rpcUrl} is chain ${rpcChainId}. npm run dev's devnet is Base (8453)`,
    );
  }

  // The session's own payment instructions: its direct quote and that quote's build.
  const quotes = await call<{ quotes: Array<{ method: string; quoteId: string }> }>(`/v1/checkout/sessions/${session.id}/quote`, {
    srcChain: String(chainId),
    srcToken: token,
    sender: payer.address,
  });
  const direct = quotes.quotes.find((q) => q.method === 'direct_transfer');
  if (!direct) throw new PayError(`session ${session.id} offers no direct transfer of ${session.settlement.symbol}`);
  const build = await call<{ tx: { vm: string; to: string; data: Hex; value: string } }>('/v1/orders', { quoteId: direct.quoteId });
  if (build.tx.vm !== 'evm') throw new PayError(`session ${session.id}: the build is not an EVM transaction`);
  const data = o.amount === undefined ? build.tx.data : tagCalldata(transferData(session.recipient as Address, o.amount), session.id);
  // Never sign anything but the session's tagged transfer of its settlement token.
  const amount = taggedTransferAmount({ to: build.tx.to, input: data }, { token, recipient: session.recipient, sessionId: session.id });
  if (amount === null) throw new PayError(`session ${session.id}: the build is not the session's tagged transfer; refusing to sign it`);

  const wallet = clients.walletClient(payer);
  const txHash = await wallet.sendTransaction({ to: build.tx.to as Address, data, value: BigInt(build.tx.value) });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash: txHash, timeout: 30_000 });
  if (receipt.status !== 'success') throw new PayError(`transaction ${txHash} reverted`);
  await call(`/v1/checkout/sessions/${session.id}/submitted`, { txHash, payer: payer.address });

  const deadline = Date.now() + (o.timeoutMs ?? 120_000);
  let status = 'processing';
  for (;;) {
    status = (await call<SessionBody>(`/v1/checkout/sessions/${session.id}`)).status;
    if (!UNDECIDED.has(status) || Date.now() > deadline) break;
    // An automining devnet makes a block only with a transaction: one empty block lets confirmations count.
    await clients.testClient.mine({ blocks: 1 }).catch(() => {});
    await new Promise((r) => setTimeout(r, 250));
  }
  return { txHash, amount, status };
}

function transferData(recipient: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] });
}

/** `<session id> [--amount <base units>] [--api <url>] [--rpc <url>]`, with the dev server's defaults. */
export function parsePayArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Omit<PaySessionOptions, 'fetch'> {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? argv[++i];
      if (value === undefined) throw new PayError(`--${name} needs a value`);
      flags.set(name, value);
    } else positional.push(a);
  }
  for (const name of flags.keys()) if (!['amount', 'api', 'rpc'].includes(name)) throw new PayError(`unknown option --${name}`);
  if (positional.length !== 1) throw new PayError('usage: npm run devnet:pay -- <checkout session id> [--amount <base units>] [--api <url>] [--rpc <url>]');
  const amount = flags.get('amount');
  if (amount !== undefined && !/^[1-9][0-9]*$/.test(amount)) throw new PayError('--amount: base units of the settlement token, a positive integer');
  return {
    sessionId: positional[0]!,
    api: flags.get('api') ?? `http://localhost:${env.PORT ?? 8787}`,
    rpcUrl: flags.get('rpc') ?? `http://127.0.0.1:${env.DEVNET_PORT ?? 8545}`,
    ...(amount !== undefined ? { amount: BigInt(amount) } : {}),
  };
}
