import { ApiError } from '../../errors.js';
import { isSuccess, parseProviderBody, providerFetch } from '../http.js';
import { jupiterExecuteRejection, triggerError } from './errors.js';
import { jupiterExecuteState } from './status.js';
import { cancelOrderBody, cancelOrdersBody, createOrderBody, triggerExecuteBody, triggerOrdersBody, type TriggerOrder } from './trigger-schemas.js';

/**
 * Jupiter Trigger v1 (limit orders; docs/providers/jupiter.md): `createOrder`, `cancelOrder`, `cancelOrders`
 * hand back unsigned transactions for the maker's wallet, `execute` lands the signed bytes, `getTriggerOrders`
 * lists a wallet's orders with their fills. The order lives on chain; nothing here holds funds or keys.
 * Jupiter marks this API as no longer actively maintained (still served): the adapter stays small and its
 * base path is configurable, so a move of the same endpoints is a configuration change.
 */
export interface TriggerOptions {
  baseUrl: string;
  /** Path prefix of the Trigger endpoints (default `/trigger/v1`). */
  basePath?: string;
  apiKey?: string;
}

export interface CreateTriggerOrder {
  inputMint: string;
  outputMint: string;
  maker: string;
  payer: string;
  makingAmount: bigint;
  takingAmount: bigint;
  /** Unix seconds. */
  expiredAt?: number;
  /** Integrator fee, only together with `feeAccount` (a referral token account). */
  feeBps?: number;
  feeAccount?: string;
}

export interface TriggerTxs {
  requestId: string;
  transactions: string[];
}

export type TriggerOrderStatus = 'active' | 'history';

export class JupiterTrigger {
  private readonly base: string;

  constructor(private readonly o: TriggerOptions) {
    this.base = `/${(o.basePath ?? '/trigger/v1').replace(/^\/+|\/+$/g, '')}`;
  }

  private headers() {
    return { 'x-api-key': this.o.apiKey };
  }

  private async post(path: string, body: unknown, signal: AbortSignal) {
    const res = await providerFetch(this.o.baseUrl, `${this.base}/${path}`, { provider: 'jupiter', signal, method: 'POST', body, headers: this.headers() });
    return res;
  }

  /** The unsigned transaction that opens the order; amounts are raw integer strings, expiry unix seconds. */
  async createOrder(req: CreateTriggerOrder, signal: AbortSignal): Promise<{ requestId: string; transaction: string; order: string }> {
    const params: Record<string, string> = { makingAmount: req.makingAmount.toString(), takingAmount: req.takingAmount.toString() };
    if (req.expiredAt !== undefined) params.expiredAt = String(Math.floor(req.expiredAt));
    const body: Record<string, unknown> = {
      inputMint: req.inputMint,
      outputMint: req.outputMint,
      maker: req.maker,
      payer: req.payer,
      params,
      computeUnitPrice: 'auto',
    };
    if (req.feeBps && req.feeBps > 0 && req.feeAccount) {
      params.feeBps = String(req.feeBps);
      body.feeAccount = req.feeAccount;
    }
    const res = await this.post('createOrder', body, signal);
    if (!isSuccess(res)) throw triggerError(res.status, res.json);
    return parseProviderBody('jupiter', createOrderBody, res.json);
  }

  /** Lands wallet-signed bytes (exactly as received) under the requestId of the call that built them. */
  async execute(requestId: string, signedTransaction: string, signal: AbortSignal): Promise<{ signature: string }> {
    const res = await this.post('execute', { requestId, signedTransaction }, signal);
    if (!isSuccess(res)) throw jupiterExecuteRejection(res.json, res.status);
    const body = parseProviderBody('jupiter', triggerExecuteBody, res.json);
    if (jupiterExecuteState(body.status) !== 'filled') throw jupiterExecuteRejection(body, res.status);
    if (!body.signature) throw new ApiError('PROVIDER_ERROR', 'jupiter reported success without a signature');
    return { signature: body.signature };
  }

  async cancelOrder(maker: string, order: string, signal: AbortSignal): Promise<TriggerTxs> {
    const res = await this.post('cancelOrder', { maker, order, computeUnitPrice: 'auto' }, signal);
    if (!isSuccess(res)) throw triggerError(res.status, res.json);
    const b = parseProviderBody('jupiter', cancelOrderBody, res.json);
    return { requestId: b.requestId, transactions: [b.transaction] };
  }

  /** Cancels the listed orders (never "all": an omitted list would cancel every open order of the maker). */
  async cancelOrders(maker: string, orders: string[], signal: AbortSignal): Promise<TriggerTxs> {
    if (!orders.length) throw new ApiError('INVALID_PARAMS', 'orders: at least one order to cancel');
    const res = await this.post('cancelOrders', { maker, orders, computeUnitPrice: 'auto' }, signal);
    if (!isSuccess(res)) throw triggerError(res.status, res.json);
    return parseProviderBody('jupiter', cancelOrdersBody, res.json);
  }

  /** One page (10 orders) of a wallet's active or past orders. */
  async getOrders(
    user: string,
    orderStatus: TriggerOrderStatus,
    page: number,
    signal: AbortSignal,
  ): Promise<{ orders: TriggerOrder[]; totalPages: number; page: number }> {
    const res = await providerFetch(this.o.baseUrl, `${this.base}/getTriggerOrders`, {
      provider: 'jupiter',
      signal,
      query: { user, orderStatus, page: String(page), includeFailedTx: 'false' },
      headers: this.headers(),
    });
    if (!isSuccess(res)) throw triggerError(res.status, res.json);
    return parseProviderBody('jupiter', triggerOrdersBody, res.json);
  }

  /** Finds one order of a wallet by its order account: active orders first, then history (bounded pages). */
  async findOrder(user: string, orderKey: string, signal: AbortSignal, maxPages = 5): Promise<{ order: TriggerOrder; active: boolean } | undefined> {
    for (const status of ['active', 'history'] as const) {
      for (let page = 1; page <= maxPages; page++) {
        const r = await this.getOrders(user, status, page, signal);
        const hit = r.orders.find((o) => o.orderKey === orderKey);
        if (hit) return { order: hit, active: status === 'active' };
        if (page >= r.totalPages) break;
      }
    }
    return undefined;
  }
}
