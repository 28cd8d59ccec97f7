import { decodeFunctionData, erc20Abi } from 'viem';
import type { z } from 'zod';
import { ApiError } from '../../errors.js';
import { parseProviderBody } from '../http.js';
import { EVM_NATIVE, type EvmTxRequest, type ProviderQuote, type QuoteRequest } from '../types.js';
import { fromRelayChainId, toRelayChainId, toRelayCurrency } from './chains.js';
import { evmTxData, svmTxData, type RelayQuoteResponse, type RelayStep } from './schemas.js';

/** Relay quotes carry no expiry; its fills are priced at quote time, so we keep them short. */
const RELAY_QUOTE_TTL_S = 60;

/**
 * The `POST /quote/v2` body for our request, and the fees it carries. Fees travel as `appFees` in bps of
 * the input, and Relay takes only EVM recipients for them, even on routes that are not EVM.
 */
export function quoteBody(req: QuoteRequest, referrer: string) {
  const appFees: { recipient: string; fee: string }[] = [];
  let ourFeeBps = 0;
  let partnerFeeBps = 0;
  if (req.fees.ourFeeBps > 0 && req.fees.recipients.evm) {
    appFees.push({ recipient: req.fees.recipients.evm, fee: String(req.fees.ourFeeBps) });
    ourFeeBps = req.fees.ourFeeBps;
  }
  if (req.fees.partnerFeeBps > 0 && req.fees.partnerRecipients?.evm) {
    appFees.push({ recipient: req.fees.partnerRecipients.evm, fee: String(req.fees.partnerFeeBps) });
    partnerFeeBps = req.fees.partnerFeeBps;
  }
  const body: Record<string, unknown> = {
    user: req.sender,
    recipient: req.recipient,
    originChainId: toRelayChainId(req.src.chainId),
    destinationChainId: toRelayChainId(req.dst.chainId),
    originCurrency: toRelayCurrency(req.src.chainId, req.src.address),
    destinationCurrency: toRelayCurrency(req.dst.chainId, req.dst.address),
    amount: req.amount.toString(),
    tradeType: req.tradeType,
    slippageTolerance: String(req.slippageBps),
    refundTo: req.sender, // Relay's docs disagree on whether refunds work without it: always send it
    referrer,
  };
  if (appFees.length) body.appFees = appFees;
  if (req.gasOnArrivalUsd !== undefined) {
    body.topupGas = true;
    body.topupGasAmount = String(Math.round(req.gasOnArrivalUsd * 1e6)); // USD with 6 decimals
  }
  if (req.calls?.length) {
    body.txs = req.calls.map((c) => ({ to: c.to, data: c.data, value: c.value }));
    if (req.callsGasLimit !== undefined) body.txsGasLimit = req.callsGasLimit;
  }
  return { body, ourFeeBps, partnerFeeBps };
}

/**
 * A `/quote/v2` answer as our quote. Its steps must build (checked now, so an unbuildable route never reaches
 * a user as a quote) and carry a request id; what build needs of them is kept in `context`.
 */
export function readQuote(q: RelayQuoteResponse, req: QuoteRequest, fees: { ourFeeBps: number; partnerFeeBps: number }, nowSeconds: number): ProviderQuote {
  const requestId = requestIdOf(q.steps);
  if (!requestId) throw new ApiError('PROVIDER_ERROR', 'relay: quote carries no requestId');
  mainTransaction(q.steps);
  const out = q.details.currencyOut;
  const topup = q.details.currencyGasTopup;
  // `relayer` is relayerGas + relayerService: take it whole, or its parts when it is absent.
  const providerFeeUsd = sumUsd(q.fees, ['relayer']) ?? sumUsd(q.fees, ['relayerGas', 'relayerService']);
  const gasUsd = q.fees.gas?.amountUsd;
  return {
    srcAmount: BigInt(q.details.currencyIn.amount),
    dstAmount: BigInt(out.amount),
    dstAmountMin: BigInt(out.minimumAmount ?? out.amount),
    estimatedSeconds: Math.max(0, Math.round(q.details.timeEstimate ?? 0)),
    ourFeeBps: fees.ourFeeBps,
    partnerFeeBps: fees.partnerFeeBps,
    ...(providerFeeUsd !== undefined ? { providerFeeUsd } : {}),
    ...(gasUsd !== undefined ? { gasUsd } : {}),
    expiresAt: nowSeconds + RELAY_QUOTE_TTL_S,
    ...(topup && BigInt(topup.amount) > 0n && req.gasOnArrivalUsd !== undefined
      ? {
          gasOnArrival: {
            chainId: req.dst.chainId,
            token: EVM_NATIVE,
            amount: topup.amount,
            ...(topup.amountUsd !== undefined ? { amountUsd: topup.amountUsd } : {}),
          },
        }
      : {}),
    context: { requestId, steps: q.steps.map(compactStep) },
  };
}

function sumUsd(fees: Record<string, { amountUsd?: number } | undefined>, keys: string[]): number | undefined {
  let total: number | undefined;
  for (const k of keys) {
    const v = fees[k]?.amountUsd;
    if (v !== undefined && Number.isFinite(v)) total = (total ?? 0) + v;
  }
  return total === undefined ? undefined : Math.round(total * 1e6) / 1e6;
}

/** Keeps what build needs from a step (no UI texts). */
const compactStep = (s: RelayStep) => ({ id: s.id, kind: s.kind, requestId: s.requestId, items: s.items.map((i) => ({ data: i.data })) });

/**
 * Turns Relay's quote `steps` into the single transaction our BuildOrderResponse carries. An `approve`
 * step is not passed through: its spender lets the order engine add `approval` only when the sender's
 * on-chain allowance is actually short. Routes needing more than one main transaction, or a signature,
 * cannot be expressed as one BuiltTx and are refused.
 */
export type RelayMainTx = { vm: 'evm'; tx: z.output<typeof evmTxData>; spender?: string } | { vm: 'svm'; tx: z.output<typeof svmTxData> };

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
    throw new ApiError(
      'PROVIDER_ERROR',
      `relay: route needs ${main.reduce((n, s) => n + s.items.length, 0)} transactions; only single-transaction routes are supported`,
    );
  }
  const data = main[0].items[0].data as Record<string, unknown> | undefined;
  if (data && Array.isArray(data.instructions)) return { vm: 'svm', tx: parseProviderBody('relay', svmTxData, data) };
  return { vm: 'evm', tx: parseProviderBody('relay', evmTxData, data), spender };
}

/** An EVM main transaction as our BuiltTx; it must be for the quote's source chain. */
export function evmTransaction(main: Extract<RelayMainTx, { vm: 'evm' }>, srcChainId: number): EvmTxRequest {
  const chainId = fromRelayChainId(main.tx.chainId);
  if (chainId !== srcChainId) throw new ApiError('PROVIDER_ERROR', 'relay: transaction is for another chain than the quote');
  return { vm: 'evm', chainId, to: main.tx.to.toLowerCase(), data: main.tx.data, value: main.tx.value, ...(main.spender ? { spender: main.spender } : {}) };
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
