import { ApiError } from '../../errors.js';
import type { QuoteRequest } from '../types.js';
import type { DebridgeChainTable } from './chains.js';
import type { DebridgeFeeParams } from './fees.js';
import { toDebridgeToken } from './tokens.js';

/**
 * Query for `GET /v1.0/dln/order/create-tx`, full variant (recipient and both authorities present, so the
 * answer carries a ready transaction and an order id).
 *
 * - EXACT_INPUT: `srcChainTokenInAmount` = amount, `dstChainTokenOutAmount=auto` (market rate solvers fill).
 * - EXACT_OUTPUT: `srcChainTokenInAmount=auto`, `dstChainTokenOutAmount` = amount (a fixed take amount).
 * - `prependOperatingExpenses=false`: the sender pays exactly the input it asked for; the solver's expense
 *   comes out of the output instead of being added on top (keeps EXACT_INPUT exact).
 * - No slippage parameter exists: a DLN order is a fixed-price intent.
 * - The destination authority (may cancel an unfilled order) is the sender when it can control an address on
 *   the destination VM, otherwise the recipient (the only destination-VM address we know).
 */
export function buildCreateTxQuery(req: QuoteRequest, chains: DebridgeChainTable, fees: DebridgeFeeParams): Record<string, string> {
  const srcChainId = chains.debridgeId(req.src.chainId);
  const dstChainId = chains.debridgeId(req.dst.chainId);
  if (srcChainId === undefined || dstChainId === undefined) throw new ApiError('NO_ROUTE', 'debridge does not serve this chain pair');
  if (srcChainId === dstChainId) throw new ApiError('NO_ROUTE', 'debridge DLN only bridges between different chains');
  const exactOut = req.tradeType === 'EXACT_OUTPUT';
  return {
    srcChainId: String(srcChainId),
    srcChainTokenIn: toDebridgeToken(req.srcVm, req.src.address),
    srcChainTokenInAmount: exactOut ? 'auto' : req.amount.toString(),
    dstChainId: String(dstChainId),
    dstChainTokenOut: toDebridgeToken(req.dstVm, req.dst.address),
    dstChainTokenOutAmount: exactOut ? req.amount.toString() : 'auto',
    dstChainTokenOutRecipient: req.recipient,
    srcChainOrderAuthorityAddress: req.sender,
    dstChainOrderAuthorityAddress: req.srcVm === req.dstVm ? req.sender : req.recipient,
    senderAddress: req.sender,
    prependOperatingExpenses: 'false',
    ...fees.query,
  };
}
