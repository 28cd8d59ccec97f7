/**
 * One typed error for everything the API reports. REST maps it to the error envelope
 * `{ error: { code, message, requestId, docsUrl } }`; GraphQL puts `code` in `extensions.code`.
 */
export const ERROR_STATUS = {
  INVALID_PARAMS: 400,
  UNSUPPORTED_CHAIN: 400,
  UNSUPPORTED_TOKEN: 400,
  AMOUNT_TOO_SMALL: 400,
  AMOUNT_TOO_LARGE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NO_ROUTE: 404,
  QUOTE_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  QUOTE_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  CALLS_REVERTED: 422,
  SIMULATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  PROVIDER_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra machine-readable detail (e.g. the offending field). Safe to show to clients. */
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export const invalidParams = (field: string, problem: string) => new ApiError('INVALID_PARAMS', `${field}: ${problem}`, { field });

export const notFound = (what = 'Resource') => new ApiError('NOT_FOUND', `${what} not found`);
