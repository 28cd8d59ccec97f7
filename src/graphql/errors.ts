import { builder } from './builder.js';
import { ApiError, ERROR_CODES, isApiError, type ErrorCode } from '../errors.js';
import type { ProviderFailure } from '../providers/types.js';
import { ERROR_CATALOG } from '../docs/error-catalog.js';

/**
 * Expected failures as schema types (see CONVENTIONS.md, "Errors"). Domain services throw one ApiError class
 * with a `code`; each class below matches the ApiErrors of one code (`instanceof` looks at the code), so a
 * field lists the outcomes it expects in `errors: { types: [...] }` and the errors plugin turns them into
 * members of the field's result union. Every other error stays a top-level GraphQL error with
 * `extensions.code` (src/graphql/operation-hooks.ts).
 */

const ErrorCodeEnum = builder.enumType('ErrorCode', {
  description: "Stable error codes, the same as the REST API's `error.code` (see /docs/errors).",
  values: Object.fromEntries(ERROR_CODES.map((c) => [c, { value: c, description: `${ERROR_CATALOG[c].summary} ${ERROR_CATALOG[c].action}` }])) as {
    [C in ErrorCode]: { value: C; description: string };
  },
});

const ErrorInterface = builder.interfaceRef<ApiError>('Error').implement({
  description: 'An expected failure of a field, returned as a member of its result union.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'For people; do not parse it.' }),
    code: t.field({ type: ErrorCodeEnum, description: 'Stable; branch on this (or on `__typename`).', resolve: (e) => e.code }),
  }),
});

type ApiErrorClass = typeof ApiError;

/** A class whose instances are the ApiErrors of `code` (named after its object type). */
function expectedError(code: ErrorCode, name: string): ApiErrorClass {
  const cls = class extends ApiError {
    static override [Symbol.hasInstance](value: unknown) {
      return isApiError(value) && value.code === code;
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}

const field = (e: ApiError) => (typeof e.details?.field === 'string' ? e.details.field : null);

export const QuoteExpiredError = expectedError('QUOTE_EXPIRED', 'QuoteExpiredError');
export const QuoteNotFoundError = expectedError('QUOTE_NOT_FOUND', 'QuoteNotFoundError');
export const NoRouteError = expectedError('NO_ROUTE', 'NoRouteError');
export const AmountTooSmallError = expectedError('AMOUNT_TOO_SMALL', 'AmountTooSmallError');
export const AmountTooLargeError = expectedError('AMOUNT_TOO_LARGE', 'AmountTooLargeError');
export const ConflictError = expectedError('CONFLICT', 'ConflictError');
export const NotFoundError = expectedError('NOT_FOUND', 'NotFoundError');
export const ForbiddenError = expectedError('FORBIDDEN', 'ForbiddenError');
export const CallsRevertedError = expectedError('CALLS_REVERTED', 'CallsRevertedError');

const ProviderError = builder.objectRef<ProviderFailure>('ProviderError').implement({
  description: 'A provider that could not quote, while the request as a whole was answered.',
  fields: (t) => ({
    provider: t.exposeString('provider', { description: 'The provider id.' }),
    code: t.field({ type: ErrorCodeEnum, description: 'Why it could not quote (`PROVIDER_TIMEOUT`, `NO_ROUTE`…).', resolve: (p) => p.code }),
    message: t.exposeString('message', { description: 'For people; do not parse it.' }),
  }),
});
export { ProviderError };

const descriptions: Array<[ApiErrorClass, string]> = [
  [QuoteExpiredError, 'The quote expired (see `Quote.expiresAt`); request a fresh one.'],
  [QuoteNotFoundError, 'No quote with this id is kept (never issued, or dropped some time after it expired); request a fresh one.'],
  [NoRouteError, 'No provider can do this route or amount now; `providerErrors` says why each one refused.'],
  [AmountTooSmallError, 'The amount is below what is accepted; `field` names the input.'],
  [AmountTooLargeError, 'The amount is above what is accepted (for a refund: above what can still be refunded); `field` names the input.'],
  [ConflictError, 'The resource is not in a state that allows this (for example the session is no longer open); read it again.'],
  [NotFoundError, 'The resource the input names does not exist for this API key, or no longer does.'],
  [ForbiddenError, 'The credential or role may not do this (for example live mode is not enabled for the account, or the role lacks the permission).'],
  [
    CallsRevertedError,
    'Destination calls that would revert. No field returns it yet: it is reserved for the quote variants with destination calls, which share `QuoteInput`.',
  ],
];

for (const [cls, description] of descriptions) {
  builder.objectType(cls, {
    name: cls.name,
    description,
    interfaces: [ErrorInterface],
    fields: (t) => ({
      ...(cls === AmountTooSmallError || cls === AmountTooLargeError
        ? { field: t.string({ nullable: true, description: 'The input field the amount was given in.', resolve: field }) }
        : {}),
      ...(cls === NoRouteError
        ? {
            providerErrors: t.field({
              type: [ProviderError],
              description: 'Why each provider that was asked could not quote (empty when none supports the route).',
              resolve: (e) => (Array.isArray(e.details?.errors) ? (e.details.errors as ProviderFailure[]) : []),
            }),
          }
        : {}),
    }),
  });
}

/** Runs `fn`; a NOT_FOUND (or one of `codes`) becomes null: lookups of things that may not exist are nullable. */
export async function orNull<T>(fn: () => Promise<T>, codes: ErrorCode[] = ['NOT_FOUND']): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (isApiError(err) && codes.includes(err.code)) return null;
    throw err;
  }
}
