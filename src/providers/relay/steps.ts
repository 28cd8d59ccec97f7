import { decodeFunctionData, erc20Abi } from 'viem';
import { ApiError } from '../../errors.js';
import type { RelayStep } from './wire.js';
import { evmTxData, svmTxData } from './wire.js';
import { parseProviderBody } from '../http.js';
import type { z } from 'zod';

/**
 * Turns Relay's quote `steps` into the single transaction our BuildOrderResponse carries. An `approve`
 * step is not passed through: its spender lets the order engine add `approval` only when the sender's
 * on-chain allowance is actually short. Routes needing more than one main transaction, or a signature,
 * cannot be expressed as one BuiltTx and are refused.
 */

export type RelayMainTx =
  | { vm: 'evm'; tx: z.output<typeof evmTxData>; spender?: string }
  | { vm: 'svm'; tx: z.output<typeof svmTxData> };

const isApprove = (s: RelayStep) => s.id === 'approve' || s.id === 'approval';

export function mainTransaction(steps: RelayStep[]): RelayMainTx {
  const withItems = steps.filter((s) => s.items.length > 0);
  if (withItems.some((s) => s.kind === 'signature')) throw new ApiError('PROVIDER_ERROR', 'relay: this route needs a signature step, which is not supported');
  let spender: string | undefined;
  for (const s of withItems.filter(isApprove)) {
    for (const item of s.items) {
      const data = parseProviderBody('relay', evmTxData, item.data);
      try {
        const call = decodeFunctionData({ abi: erc20Abi, data: data.data as `0x${string}` });
        if (call.functionName === 'approve') spender = (call.args[0] as string).toLowerCase();
      } catch {
        throw new ApiError('PROVIDER_ERROR', 'relay: approve step is not an ERC-20 approve');
      }
    }
  }
  const main = withItems.filter((s) => !isApprove(s));
  if (main.length !== 1 || main[0].items.length !== 1) {
    throw new ApiError('PROVIDER_ERROR', `relay: route needs ${main.reduce((n, s) => n + s.items.length, 0)} transactions; only single-transaction routes are supported`);
  }
  const data = main[0].items[0].data as Record<string, unknown> | undefined;
  if (data && Array.isArray(data.instructions)) return { vm: 'svm', tx: parseProviderBody('relay', svmTxData, data) };
  return { vm: 'evm', tx: parseProviderBody('relay', evmTxData, data), spender };
}

/** The request id Relay tracks the order by: on every step (there is none at top level). */
export function requestIdOf(steps: RelayStep[]): string | undefined {
  for (const s of steps) if (s.requestId) return s.requestId;
  for (const s of steps)
    for (const i of s.items) {
      const m = i.check?.endpoint && /requestId=([^&]+)/.exec(i.check.endpoint);
      if (m) return decodeURIComponent(m[1]);
    }
  return undefined;
}
