import { ApiError } from '../../errors.js';
import { matchErrorRow, type ProviderErrorTable } from '../error-table.js';
import { parseProviderBody, providerFetch } from '../http.js';
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

/** Trigger's error answers (`{ error, code, cause? }`) → our codes; rows match `error: cause`. */
export const TRIGGER_ERRORS: ProviderErrorTable = [
  { status: [401, 403], to: 'PROVIDER_ERROR', note: 'rejected the API key' },
  { message: /at least [0-9.]+ ?USD|minimum order|too small/i, to: 'AMOUNT_TOO_SMALL' },
  { message: /transfer[- ]?(fee|tax)|token-?2022/i, to: 'UNSUPPORTED_TOKEN' },
  { message: /no matching orders?|order not found/i, to: 'ORDER_NOT_FOUND' },
  { status: [400], message: /mint/i, to: 'UNSUPPORTED_TOKEN' },
  { status: [400], to: 'INVALID_PARAMS' },
];

/** The minimum order worth, in USD, named in Trigger's "must be at least 5 USD" cause. */
export function minimumUsdOf(text: string): number | undefined {
  const m = /at least ([0-9]+(?:\.[0-9]+)?) ?USD/i.exec(text);
  return m ? Number(m[1]) : undefined;
}

function errorParts(body: unknown): { error: string; cause?: string; code?: number } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const error = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : '';
  return { error, ...(typeof b.cause === 'string' ? { cause: b.cause } : {}), ...(typeof b.code === 'number' ? { code: b.code } : {}) };
}

/** A Trigger 4xx → ApiError (429 and 5xx are mapped by providerFetch). AMOUNT_TOO_SMALL carries the minimum. */
export function triggerError(status: number, body: unknown): ApiError {
  const p = errorParts(body);
  const text = [p.error, p.cause].filter(Boolean).join(': ') || `HTTP ${status}`;
  const row = matchErrorRow(TRIGGER_ERRORS, { status, code: p.code, message: text });
  const code = row?.to ?? 'PROVIDER_ERROR';
  if (code === 'AMOUNT_TOO_SMALL') {
    const minimumUsd = minimumUsdOf(text);
    return new ApiError(code, `makingAmount: below the limit-order minimum${minimumUsd !== undefined ? ` of ${minimumUsd} USD` : ''} (jupiter: ${text})`, {
      field: 'makingAmount',
      ...(minimumUsd !== undefined ? { minimumUsd } : {}),
    });
  }
  return new ApiError(code, row?.note ? `jupiter ${row.note} (${text})` : `jupiter: ${text}`, { provider: 'jupiter' });
}

/** `/execute` refused the signed transaction: it did not land, whatever the reason. */
function executeRejection(body: unknown, status: number): ApiError {
  const p = errorParts(body);
  const reason = [p.error, p.cause].filter(Boolean).join(': ') || `HTTP ${status}`;
  return new ApiError('PROVIDER_ERROR', `jupiter rejected the signed transaction: ${reason}${p.code !== undefined ? ` (code ${p.code})` : ''}`, {
    provider: 'jupiter',
    ...(p.code !== undefined ? { providerCode: p.code } : {}),
  });
}

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
    if (res.status < 200 || res.status > 299) throw triggerError(res.status, res.json);
    return parseProviderBody('jupiter', createOrderBody, res.json);
  }

  /** Lands wallet-signed bytes (exactly as received) under the requestId of the call that built them. */
  async execute(requestId: string, signedTransaction: string, signal: AbortSignal): Promise<{ signature: string }> {
    const res = await this.post('execute', { requestId, signedTransaction }, signal);
    if (res.status < 200 || res.status > 299) throw executeRejection(res.json, res.status);
    const body = parseProviderBody('jupiter', triggerExecuteBody, res.json);
    if (body.status !== 'Success') throw executeRejection(body, res.status);
    if (!body.signature) throw new ApiError('PROVIDER_ERROR', 'jupiter reported success without a signature');
    return { signature: body.signature };
  }

  async cancelOrder(maker: string, order: string, signal: AbortSignal): Promise<TriggerTxs> {
    const res = await this.post('cancelOrder', { maker, order, computeUnitPrice: 'auto' }, signal);
    if (res.status < 200 || res.status > 299) throw triggerError(res.status, res.json);
    const b = parseProviderBody('jupiter', cancelOrderBody, res.json);
    return { requestId: b.requestId, transactions: [b.transaction] };
  }

  /** Cancels the listed orders (never "all": an omitted list would cancel every open order of the maker). */
  async cancelOrders(maker: string, orders: string[], signal: AbortSignal): Promise<TriggerTxs> {
    if (!orders.length) throw new ApiError('INVALID_PARAMS', 'orders: at least one order to cancel');
    const res = await this.post('cancelOrders', { maker, orders, computeUnitPrice: 'auto' }, signal);
    if (res.status < 200 || res.status > 299) throw triggerError(res.status, res.json);
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
    if (res.status < 200 || res.status > 299) throw triggerError(res.status, res.json);
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
