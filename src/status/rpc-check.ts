/**
 * One RPC health check: `eth_blockNumber` on an EVM chain, `getSlot` on Solana, one JSON-RPC request with a deadline
 * and no retry (a retry would hide the failure being measured). Healthy: a 200 with a `result`.
 */
export type RpcCheck = { outcome: 'ok'; ms: number } | { outcome: 'error' | 'timeout'; ms: number; detail: string };

export async function checkRpc(url: string, vm: 'evm' | 'svm', timeoutMs: number, signal?: AbortSignal): Promise<RpcCheck> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(timeoutMs);
  const ms = () => performance.now() - started;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: vm === 'svm' ? 'getSlot' : 'eth_blockNumber', params: [] }),
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    });
    const body = (await res.json().catch(() => null)) as { result?: unknown } | null;
    if (res.ok && body && body.result !== undefined && body.result !== null) return { outcome: 'ok', ms: ms() };
    return { outcome: 'error', ms: ms(), detail: `HTTP ${res.status}${body ? '' : ', not JSON'}` };
  } catch (err) {
    if (deadline.aborted) return { outcome: 'timeout', ms: ms(), detail: `no answer within ${timeoutMs} ms` };
    return { outcome: 'error', ms: ms(), detail: (err as Error).message };
  }
}
