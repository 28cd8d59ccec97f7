import { erc20Abi, type PublicClient } from 'viem';
import type { Logger } from '../log.js';
import { EVM_NATIVE } from '../providers/types.js';

export interface Approval {
  token: string;
  spender: string;
  amount: string;
}

/**
 * The ERC-20 approval to send before the main transaction, when the sender's allowance to the spender is
 * short (spec 2.5). If the allowance cannot be read, the approval is included: an extra approve costs a
 * little gas, a missing one makes the main transaction revert.
 */
export async function approvalFor(
  client: () => PublicClient,
  o: { token: string; owner: string; spender?: string; amount: bigint },
  log: Logger,
): Promise<Approval | undefined> {
  if (!o.spender || o.token.toLowerCase() === EVM_NATIVE) return undefined;
  const approval = { token: o.token.toLowerCase(), spender: o.spender.toLowerCase(), amount: o.amount.toString() };
  try {
    const allowance = await client().readContract({
      address: o.token as `0x${string}`,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [o.owner as `0x${string}`, o.spender as `0x${string}`],
    });
    return allowance >= o.amount ? undefined : approval;
  } catch (err) {
    log.warn({ err, token: o.token }, 'allowance could not be read; including the approval');
    return approval;
  }
}
