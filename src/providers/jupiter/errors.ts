import type { z } from 'zod';
import { ApiError } from '../../errors.js';
import { errorFormat, toApiError, type ProviderErrorTable } from '../error-table.js';
import { jupiterErrorBody, ultraOrderErrorFields } from './schemas.js';

/**
 * Jupiter's error answers (docs/providers/jupiter.md) → our codes. Ultra and Trigger have no machine-readable
 * code on most of them, so rows match their text (`error`, or a gateway's `message`, then Trigger's `cause`).
 */
const JUPITER_ERROR_FORMAT = errorFormat({
  provider: 'jupiter',
  body: jupiterErrorBody,
  read: (b) => {
    const text = jupiterText(b);
    return { code: b.code, message: text, text, details: { provider: 'jupiter' } };
  },
});

/** Jupiter's own words: its `error` (or a gateway's `message`), then Trigger's `cause`. */
function jupiterText(b: z.output<typeof jupiterErrorBody> | undefined): string {
  return [b?.error || b?.message, b?.cause].filter(Boolean).join(': ');
}

/** Ultra `/order` error answers. */
const JUPITER_ORDER_ERRORS: ProviderErrorTable = [
  { status: [401, 403], to: 'PROVIDER_ERROR', note: 'rejected the API key' },
  { message: /failed to get quotes|could not find any route|no routes? found|not tradable/i, to: 'NO_ROUTE' },
  { status: [400], message: /mint/i, to: 'UNSUPPORTED_TOKEN' },
  { status: [400], to: 'INVALID_PARAMS' },
];

/** `/order` 4xx → ApiError (429 and 5xx are handled by providerFetch). */
export const jupiterOrderError = (status: number, body: unknown): ApiError => toApiError(JUPITER_ERROR_FORMAT, JUPITER_ORDER_ERRORS, status, body);

/**
 * A 200 `/order` whose `transaction` is "" carries `errorCode`: 1 insufficient funds, 2 top up SOL for gas,
 * 3 below the gasless minimum. The quote cannot be executed, so it is this provider's failure.
 */
const JUPITER_ORDER_CODES: ProviderErrorTable = [
  { code: [3], to: 'AMOUNT_TOO_SMALL', note: 'cannot build this swap for the taker' },
  { to: 'PROVIDER_ERROR', note: 'cannot build this swap for the taker' },
];

const ULTRA_ORDER_CODE_FORMAT = errorFormat({
  provider: 'jupiter',
  body: ultraOrderErrorFields,
  read: (b) => ({
    code: b.errorCode,
    message: b.errorMessage,
    text: `${b.errorMessage || 'no transaction'}${b.errorCode !== undefined ? ` (errorCode ${b.errorCode})` : ''}`,
  }),
});

/** A 200 `/order` without a transaction → ApiError by its `errorCode`. */
export const jupiterOrderCodeError = (errorCode: number | undefined, errorMessage: string | undefined): ApiError =>
  toApiError(ULTRA_ORDER_CODE_FORMAT, JUPITER_ORDER_CODES, 200, { errorCode, errorMessage });

/**
 * `/execute` rejection (HTTP 400 `{ error, code }` or 200 `status: "Failed"`), Ultra's and Trigger's alike →
 * PROVIDER_ERROR with Jupiter's reason and code: whatever the code, the signed transaction did not land and
 * the caller cannot fix it.
 */
const EXECUTE_ERRORS: ProviderErrorTable = [{ to: 'PROVIDER_ERROR', note: 'rejected the signed transaction' }];

const EXECUTE_FORMAT = errorFormat({
  provider: 'jupiter',
  body: jupiterErrorBody,
  read: (b, status) => {
    const reason = jupiterText(b) || `HTTP ${status}`;
    return {
      code: b.code,
      text: `${reason}${b.code !== undefined ? ` (code ${b.code})` : ''}`,
      details: { provider: 'jupiter', ...(b.code !== undefined ? { providerCode: b.code } : {}) },
    };
  },
});

export const jupiterExecuteRejection = (body: unknown, status: number): ApiError => toApiError(EXECUTE_FORMAT, EXECUTE_ERRORS, status, body);

/** Trigger's error answers (`{ error, code, cause? }`) → our codes; rows match `error: cause`. */
const TRIGGER_ERRORS: ProviderErrorTable = [
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

/** A Trigger 4xx → ApiError (429 and 5xx are mapped by providerFetch). AMOUNT_TOO_SMALL names the field and carries the minimum. */
export function triggerError(status: number, body: unknown): ApiError {
  const err = toApiError(JUPITER_ERROR_FORMAT, TRIGGER_ERRORS, status, body);
  if (err.code !== 'AMOUNT_TOO_SMALL') return err;
  const text = jupiterText(jupiterErrorBody.safeParse(body).data) || `HTTP ${status}`;
  const minimumUsd = minimumUsdOf(text);
  return new ApiError(err.code, `makingAmount: below the limit-order minimum${minimumUsd !== undefined ? ` of ${minimumUsd} USD` : ''} (jupiter: ${text})`, {
    field: 'makingAmount',
    ...(minimumUsd !== undefined ? { minimumUsd } : {}),
  });
}
