import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { isSuccess, parseProviderBody, providerFetch } from '../http.js';
import type { QuoteRequest } from '../types.js';
import type { CreatedAddress, DepositProvider, DepositRoute, DetectedDeposit } from '../deposit-addresses.js';
import { RELAY_DEFAULT_CHAINS } from './chains.js';
import { relayError } from './errors.js';
import { quoteBody, requestIdOf } from './mapping.js';
import { quoteResponse, statusResponse } from './schemas.js';

/**
 * Relay's deposit addresses (the live provider of src/deposits/): an address is a `POST /quote/v2` with
 * `useDepositAddress: true` (plus `strict: true` for a one-time address, which Relay binds to that exact order and
 * which needs `refundTo`); fees travel as `appFees`, fixed for every deposit to the address. Deposits are found
 * with `GET /requests/v3?depositAddress=` (needs the API key): each request there is one deposit, tracked by its
 * request id through `/intents/status/v3` like any Relay order.
 *
 * Read defensively (not confirmed by Relay's documentation):
 * - `user` of a deposit-address quote: the depositor is unknown, so `refundTo` is sent as `user` (and as `refundTo`).
 * - where the address is: any step's `depositAddress` (the first non-empty one).
 * - where a request's deposited amount is: `data.metadata.currencyIn.amount`, else `data.currencyIn.amount`, else
 *   the first `inTxs[].amount`; a request without a deposit transaction or amount yet is skipped until it has one.
 * - a request still `waiting` has seen no deposit and is skipped.
 * - the order of `/requests/v3` rows without `sortBy`: every page is read (following `continuation`), so new
 *   deposits are found whichever end of the list they are at.
 * - whether `/requests/v3?depositAddress=` lists the request of a strict (one-time) address: when it lists nothing,
 *   the address's own request (`providerRef`) is asked through `/intents/status/v3`; once it has a deposit
 *   transaction it is the one deposit, of the address's exact amount (Relay refunds any other amount itself).
 */
export interface RelayDepositOptions {
  baseUrl: string;
  apiKey?: string;
  referrer: string;
}

const amountObj = z.object({ amount: z.union([z.string(), z.number()]).optional() }).loose();
const inTx = z.object({ hash: z.string().optional(), txHash: z.string().optional(), amount: z.union([z.string(), z.number()]).optional() }).loose();
export const depositRequestsResponse = z
  .object({
    requests: z.array(
      z
        .object({
          id: z.string(),
          status: z.string(),
          data: z
            .object({
              inTxs: z.array(inTx).optional(),
              currencyIn: amountObj.optional(),
              currencyOut: amountObj.optional(),
              metadata: z.object({ currencyIn: amountObj.optional(), currencyOut: amountObj.optional() }).loose().optional(),
            })
            .loose()
            .optional(),
        })
        .loose(),
    ),
    continuation: z.string().optional().nullable(),
  })
  .loose();

const intOf = (v: string | number | undefined) => (v === undefined ? undefined : /^[0-9]+$/.test(String(v)) ? String(v) : undefined);

/** One row of `/requests/v3` as a detected deposit, or undefined while it has no deposit (or no readable amount). */
export function depositOf(r: z.output<typeof depositRequestsResponse>['requests'][number]): DetectedDeposit | undefined {
  if (r.status === 'waiting') return undefined;
  const tx = r.data?.inTxs?.[0];
  const hash = tx?.txHash ?? tx?.hash;
  const amount = intOf(r.data?.metadata?.currencyIn?.amount) ?? intOf(r.data?.currencyIn?.amount) ?? intOf(tx?.amount);
  if (!hash || !amount || amount === '0') return undefined;
  const dstAmount = intOf(r.data?.metadata?.currencyOut?.amount) ?? intOf(r.data?.currencyOut?.amount);
  return { providerDepositId: r.id, amount, srcTxHash: hash, trackingId: r.id, ...(dstAmount ? { dstAmount } : {}) };
}

/** At most this many pages of 50 requests per check of one address (the first 2,000 deposits of an address). */
const MAX_REQUEST_PAGES = 40;

export function relayDepositProvider(o: RelayDepositOptions): DepositProvider {
  const chains = new Set(RELAY_DEFAULT_CHAINS);
  const headers = () => ({ 'x-api-key': o.apiKey });
  return {
    id: 'relay',
    supports: (r) => chains.has(r.src.chainId) && chains.has(r.dst.chainId),
    async create(route: DepositRoute, signal): Promise<CreatedAddress> {
      const req: QuoteRequest = {
        src: route.src,
        dst: route.dst,
        srcVm: route.srcVm,
        dstVm: route.dstVm,
        tradeType: route.exactOutput !== undefined ? 'EXACT_OUTPUT' : 'EXACT_INPUT',
        amount: route.exactOutput ?? route.amount,
        sender: route.refundTo,
        recipient: route.recipient,
        slippageBps: 50,
        fees: route.fees,
      };
      const { body, ourFeeBps, partnerFeeBps } = quoteBody(req, o.referrer);
      body.useDepositAddress = true;
      body.refundTo = route.refundTo;
      if (!route.reusable) body.strict = true;
      const res = await providerFetch(o.baseUrl, '/quote/v2', { provider: 'relay', signal, method: 'POST', body, headers: headers() });
      if (!isSuccess(res)) throw relayError(res.status, res.json);
      const q = parseProviderBody('relay', quoteResponse, res.json);
      const address = q.steps.map((s) => s.depositAddress).find((a) => typeof a === 'string' && a.length > 0);
      if (!address) throw new ApiError('PROVIDER_ERROR', 'relay: the deposit-address quote carried no deposit address');
      const out = q.details.currencyOut;
      return {
        address,
        providerRef: requestIdOf(q.steps),
        fees: { ourFeeBps, partnerFeeBps },
        estimate: {
          amount: q.details.currencyIn.amount,
          dstAmount: out.amount,
          dstAmountMin: out.minimumAmount ?? out.amount,
          estimatedSeconds: Math.max(0, Math.round(q.details.timeEstimate ?? 30)),
        },
      };
    },
    async detect(a, signal): Promise<DetectedDeposit[]> {
      if (!o.apiKey) throw new ApiError('SERVICE_UNAVAILABLE', 'relay: deposits are listed through /requests/v3, which needs RELAY_API_KEY');
      // Every page: the default order of the list is not documented, so a first page alone could be the oldest
      // requests and a busy address's new deposits would never be seen.
      const found: DetectedDeposit[] = [];
      let continuation: string | undefined;
      for (let page = 0; page < MAX_REQUEST_PAGES; page++) {
        const query: Record<string, string | number> = { depositAddress: a.address, limit: 50, ...(continuation ? { continuation } : {}) };
        const res = await providerFetch(o.baseUrl, '/requests/v3', { provider: 'relay', signal, query, headers: headers() });
        if (!isSuccess(res)) throw relayError(res.status, res.json);
        const body = parseProviderBody('relay', depositRequestsResponse, res.json);
        for (const r of body.requests) {
          const d = depositOf(r);
          if (d) found.push(d);
        }
        if (!body.continuation || body.continuation === continuation || !body.requests.length) break;
        continuation = body.continuation;
      }
      if (found.length || a.reusable || !a.providerRef || !a.amount) return found;
      const st = await providerFetch(o.baseUrl, '/intents/status/v3', { provider: 'relay', signal, query: { requestId: a.providerRef }, headers: headers() });
      if (st.status === 404 || st.status === 400) return []; // not indexed yet
      if (!isSuccess(st)) throw relayError(st.status, st.json);
      const s = parseProviderBody('relay', statusResponse, st.json);
      const hash = s.inTxHashes[0];
      if (s.status === 'waiting' || !hash) return [];
      return [{ providerDepositId: a.providerRef, trackingId: a.providerRef, amount: a.amount, srcTxHash: hash }];
    },
  };
}
