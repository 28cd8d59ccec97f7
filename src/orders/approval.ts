import { erc20Abi, type PublicClient } from 'viem';
import type { Logger } from '../log.js';
import { EVM_NATIVE } from '../providers/types.js';

export interface Approval {
  token: string;
  spender: string;
  amount: string;
}

/** What the wallet sends before the main transaction: `approvalReset` (if any) first, then `approval`. */
export interface Approvals {
  approval?: Approval;
  /** `approve(spender, 0)`, to be mined before `approval` (tokens that refuse a non-zero → non-zero change). */
  approvalReset?: Approval;
}

/**
 * Tokens whose `approve(spender, x)` reverts when both the current allowance and `x` are non-zero (they
 * require resetting to 0 first, a mitigation of the ERC-20 approve race). Keyed by chain id, addresses
 * lower-case. Ethereum USDT is the one that matters in practice (`require(!((_value != 0) &&
 * (allowed[msg.sender][_spender] != 0)))` in TetherToken); USDT on other chains (Arbitrum USDT0, BNB Chain,
 * Polygon) accepts a direct change. A table rather than "always reset": a reset costs every other token's
 * payer an extra transaction and signature for nothing.
 */
const ZERO_FIRST_APPROVAL_TOKENS: Readonly<Record<number, ReadonlySet<string>>> = {
  1: new Set(['0xdac17f958d2ee523a2206206994597c13d831ec7']),
};

export const needsZeroFirstApproval = (chainId: number, token: string) => ZERO_FIRST_APPROVAL_TOKENS[chainId]?.has(token.toLowerCase()) ?? false;

/**
 * The ERC-20 approval(s) to send before the main transaction, when the sender's allowance to the spender is
 * short (`approval` of an EVM `BuiltTx`, views.ts). For a token of ZERO_FIRST_APPROVAL_TOKENS with a non-zero (short) allowance, an
 * `approvalReset` to 0 comes first, else `approval` itself would revert. If the allowance cannot be read,
 * the approval is included (an extra approve costs a little gas, a missing one makes the main transaction
 * revert), and so is the reset for those tokens (approving 0 never reverts; a missing reset would).
 */
export async function approvalFor(
  client: () => PublicClient,
  o: { chainId: number; token: string; owner: string; spender?: string; amount: bigint },
  log: Logger,
): Promise<Approvals> {
  if (!o.spender || o.token.toLowerCase() === EVM_NATIVE) return {};
  const approval = { token: o.token.toLowerCase(), spender: o.spender.toLowerCase(), amount: o.amount.toString() };
  const reset = { ...approval, amount: '0' };
  const zeroFirst = needsZeroFirstApproval(o.chainId, o.token);
  let allowance: bigint;
  try {
    allowance = await client().readContract({
      address: o.token as `0x${string}`,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [o.owner as `0x${string}`, o.spender as `0x${string}`],
    });
  } catch (err) {
    log.warn({ err, token: o.token }, 'allowance could not be read; including the approval');
    return zeroFirst ? { approvalReset: reset, approval } : { approval };
  }
  return approvalsForAllowance(allowance, o.amount, zeroFirst, approval);
}

/** Pure part of `approvalFor`: what to send given the current allowance. */
export function approvalsForAllowance(allowance: bigint, amount: bigint, zeroFirst: boolean, approval: Approval): Approvals {
  if (allowance >= amount) return {};
  if (zeroFirst && allowance > 0n) return { approvalReset: { ...approval, amount: '0' }, approval };
  return { approval };
}
