import { decodeFunctionData, encodeFunctionData, erc20Abi, parseAbi, type Hex } from 'viem';
import { ApiError } from '../../errors.js';
import { EVM_NATIVE, type DestinationCall } from '../../providers/types.js';
import { MAX_CALL_DATA_BYTES, MAX_CALLS, type CallsAction } from './input.js';
import { APPROVE_SELECTOR, REFUSED_SELECTORS } from './selectors.js';

/**
 * Static checks on destination calls, before anything is asked of a provider or an RPC. Pure: they see only
 * the calls, the output token and the exact amount the executor will hold.
 */

export interface CallsContext {
  /** Output token on the destination chain (lower-case; the zero address for the native coin). */
  dstToken: string;
  /** Exact amount of the output the executor holds before the first call. */
  dstAmount: bigint;
  recipient: string;
}

const callError = (index: number, problem: string) =>
  new ApiError('INVALID_PARAMS', `calls[${index}]: ${problem}`, { field: `calls.${index}`, callIndex: index });

/** The 4-byte selector of a call, or undefined for a plain value transfer (empty calldata). */
function selectorOf(call: Pick<DestinationCall, 'data'>, index: number): Hex | undefined {
  const data = call.data.toLowerCase();
  if (data === '0x') return undefined;
  if (data.length < 10) throw callError(index, 'calldata shorter than a 4-byte function selector');
  return data.slice(0, 10) as Hex;
}

/** Refuses calls that move or authorize third-party assets; needs nothing but the calls. */
export function checkSelectors(calls: DestinationCall[]): void {
  if (calls.length === 0) throw new ApiError('INVALID_PARAMS', 'calls: at least one call is required', { field: 'calls' });
  if (calls.length > MAX_CALLS) throw new ApiError('INVALID_PARAMS', `calls: at most ${MAX_CALLS} calls`, { field: 'calls' });
  calls.forEach((call, i) => {
    if ((call.data.length - 2) / 2 > MAX_CALL_DATA_BYTES) throw callError(i, `calldata longer than ${MAX_CALL_DATA_BYTES} bytes`);
    const selector = selectorOf(call, i);
    if (selector === undefined) return;
    const refused = REFUSED_SELECTORS.get(selector);
    if (refused) throw callError(i, `${refused} (${selector}) moves or authorizes third-party assets and is not allowed in destination calls`);
  });
}

/** Checks that need the output token and amount: approvals, and value the executor cannot have. */
export function checkAgainstOutput(calls: DestinationCall[], ctx: CallsContext): void {
  const token = ctx.dstToken.toLowerCase();
  const native = token === EVM_NATIVE;
  let totalValue = 0n;
  calls.forEach((c, i) => {
    const v = BigInt(c.value);
    if (!native && v > 0n) throw callError(i, 'sends native value, but the executor receives only the ERC-20 output');
    totalValue += v;
  });
  if (native) {
    if (totalValue > ctx.dstAmount)
      throw new ApiError('INVALID_PARAMS', `calls: send ${totalValue} wei in total, more than dstAmount (${ctx.dstAmount})`, { field: 'calls' });
    return;
  }
  // ERC-20 output: an approve(spender, >= dstAmount) on the token, whose spender is the target of a later call.
  const approved = calls.some((c, i) => {
    if (c.to.toLowerCase() !== token || selectorOf(c, i) !== APPROVE_SELECTOR) return false;
    let spender: string;
    let amount: bigint;
    try {
      const d = decodeFunctionData({ abi: erc20Abi, data: c.data as Hex });
      [spender, amount] = d.args as [string, bigint];
    } catch {
      throw callError(i, 'approve calldata does not decode as approve(address,uint256)');
    }
    return amount >= ctx.dstAmount && calls.slice(i + 1).some((later) => later.to.toLowerCase() === spender.toLowerCase());
  });
  if (!approved) {
    throw new ApiError(
      'INVALID_PARAMS',
      `calls: the output is an ERC-20, so one call must be approve(target, >= dstAmount ${ctx.dstAmount}) on ${token}, followed by a call to that target`,
      { field: 'calls' },
    );
  }
}

/**
 * Refuses calls whose target is the executor itself. The executor is a public multicall contract: a call into it
 * would make further calls with the executor as `msg.sender` that the checks above never see (a nested
 * transferFrom, permit or Permit2 call spending allowances others gave the executor).
 */
export function checkAgainstExecutor(calls: DestinationCall[], executor: string): void {
  const e = executor.toLowerCase();
  calls.forEach((c, i) => {
    if (c.to.toLowerCase() === e) throw callError(i, `targets the provider's executor ${e} itself; calls nested through the executor are not allowed`);
  });
}

const depositAbi = parseAbi(['function deposit(uint256 assets, address receiver) returns (uint256 shares)']);

/** An action as the calls it stands for. */
export function expandAction(action: CallsAction, ctx: CallsContext): DestinationCall[] {
  const token = ctx.dstToken.toLowerCase();
  const native = token === EVM_NATIVE;
  const approve = (spender: string): DestinationCall => ({
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, ctx.dstAmount] }),
    value: '0',
  });
  switch (action.type) {
    case 'deposit': {
      if (native)
        throw new ApiError('INVALID_PARAMS', 'action: deposit needs an ERC-20 output (an ERC-4626 vault takes its asset token, not the native coin)', {
          field: 'action',
        });
      const vault = action.vault.toLowerCase();
      return [
        approve(vault),
        { to: vault, data: encodeFunctionData({ abi: depositAbi, functionName: 'deposit', args: [ctx.dstAmount, ctx.recipient as Hex] }), value: '0' },
      ];
    }
    case 'contractCall': {
      const to = action.to.toLowerCase();
      if (native) return [{ to, data: action.data.toLowerCase(), value: action.value ?? ctx.dstAmount.toString() }];
      if (action.value !== undefined && BigInt(action.value) > 0n)
        throw new ApiError('INVALID_PARAMS', 'action.value: only for a native output', { field: 'action.value' });
      return [approve(to), { to, data: action.data.toLowerCase(), value: '0' }];
    }
  }
}

/** Normalises calls (lower-case hex) so what is quoted, simulated and returned is the same text. */
export const normaliseCalls = (calls: { to: string; data: string; value?: string }[]): DestinationCall[] =>
  calls.map((c) => ({ to: c.to.toLowerCase(), data: c.data.toLowerCase(), value: c.value ?? '0' }));
