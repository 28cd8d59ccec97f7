import { ApiError, type ErrorCode } from '../../errors.js';
import { lifiErrorBody, type LifiErrorBody } from './schemas.js';

/** Tool error codes inside `errors`, from either documented shape (nested object or flat array). */
export function toolErrorCodes(errors: LifiErrorBody['errors']): string[] {
  if (!errors) return [];
  if (Array.isArray(errors)) return errors.map((e) => e.code).filter((c): c is string => !!c);
  const out: string[] = [];
  for (const f of errors.failed ?? []) for (const list of Object.values(f.subpaths ?? {})) for (const e of list) if (e.code) out.push(e.code);
  return out;
}

/**
 * A LI.FI 4xx answer → our code. 404 (NoQuoteError 1002 / NotFoundError 1003) is "no route"; when every
 * tool said the amount is too low (or too high) that is the more precise answer. 400 (ValidationError
 * 1011) means the request itself is invalid. 409 (SlippageError) cannot meet the slippage: no route at
 * that slippage. Key problems (401/403, 1010) and everything else are PROVIDER_ERROR: the caller cannot fix
 * them. (429 and 5xx never reach here: providerFetch maps them.)
 */
export function lifiErrorCode(httpStatus: number, body: LifiErrorBody | undefined): ErrorCode {
  const code = body?.code;
  if (httpStatus === 404 || code === 1002 || code === 1003) {
    const tools = toolErrorCodes(body?.errors);
    if (tools.length && tools.every((c) => c === 'AMOUNT_TOO_LOW')) return 'AMOUNT_TOO_SMALL';
    if (tools.length && tools.every((c) => c === 'AMOUNT_TOO_HIGH')) return 'AMOUNT_TOO_LARGE';
    return 'NO_ROUTE';
  }
  if (httpStatus === 409 || code === 1007) return 'NO_ROUTE';
  if (httpStatus === 400 || code === 1011) return 'INVALID_PARAMS';
  return 'PROVIDER_ERROR';
}

export function lifiError(httpStatus: number, json: unknown): ApiError {
  const parsed = lifiErrorBody.safeParse(json);
  const body = parsed.success ? parsed.data : undefined;
  const code = lifiErrorCode(httpStatus, body);
  const detail = body?.message ? `: ${body.message}` : ` (HTTP ${httpStatus})`;
  return new ApiError(code, `lifi${detail}`);
}
