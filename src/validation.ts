import { z } from 'zod';
import { ApiError } from './errors.js';

/**
 * Validates input with a zod schema; the first problem becomes INVALID_PARAMS naming the field.
 * Domain services call this so REST and GraphQL apply exactly the same rules.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw zodToApiError(r.error);
}

export function zodToApiError(error: z.ZodError): ApiError {
  // An unknown field is reported first: a misspelt field (`amout`) also makes the real one "required", and the
  // unknown name is what the client has to fix.
  const issue = error.issues.find((i) => i.code === 'unrecognized_keys') ?? error.issues[0];
  if (issue.code === 'unrecognized_keys') {
    const field = [...issue.path.map(String), issue.keys[0]].join('.');
    return new ApiError(
      'INVALID_PARAMS',
      `${field}: is not a field of this request${issue.keys.length > 1 ? ` (nor ${issue.keys.slice(1).join(', ')})` : ''}`,
      { field },
    );
  }
  const field = issue.path.map(String).join('.') || 'body';
  // An issue may carry our own code (e.g. UNSUPPORTED_CHAIN) through `params.code`.
  const code = (issue as { params?: { code?: string } }).params?.code;
  let message = issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(message)) message = 'is required';
  return new ApiError((code as never) ?? 'INVALID_PARAMS', `${field}: ${message}`, { field });
}

/**
 * THE unknown-field rule of the API edge: every JSON body (REST) and every input object built from one is a
 * `requestBody(...)` schema, which refuses a field it does not define with INVALID_PARAMS naming the field
 * (`amout: is not a field of this request`). Refused rather than ignored: a misspelt optional field (`expiresAt`
 * sent as `expiresIn`, `disabled` as `disable`) would otherwise be dropped silently and the request run with the
 * default the client meant to override; and a field this version does not know yet must not seem to be honoured.
 * GraphQL inputs meet the same rule through their declared input types (an unknown input field is a validation
 * error there). Nested objects of a body use `z.strictObject` (or `.strict()`) the same way.
 * test/validation/unknown-fields.test.ts sends an unknown field to every route whose OpenAPI operation has a body.
 */
export function requestBody<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape);
}

/** Query strings arrive as strings; turn URLSearchParams into a plain object (last value wins). */
export const queryObject = (q: URLSearchParams) => Object.fromEntries(q.entries());

/** The largest token amount: a uint256 (EVM balances and transfers; SPL amounts are smaller still). */
export const UINT256_MAX = (1n << 256n) - 1n;
/** 2^256-1 has 78 digits: a canonical integer string longer than that is above it, without reading it as a number. */
const UINT256_MAX_DIGITS = UINT256_MAX.toString().length;

/**
 * THE amount rule of the API edge: every amount a client sends (REST body or query, GraphQL input or argument)
 * is one of the two schemas below, so every domain answers the same input the same way.
 *
 * - An integer string of base units, digits only (pattern `^[0-9]+$`): no sign, no decimals, no
 *   exponent, no spaces, no hex. Anything else is INVALID_PARAMS naming the field.
 * - Canonical: no leading zeros (`"0001000000"` is INVALID_PARAMS, "must have no leading zeros"). Refused, not
 *   canonicalised, everywhere: amounts are stored, echoed back and compared as strings (a session's `amount`,
 *   invoice line items, deposit and limit-order amounts in events, idempotency fingerprints of the body), so
 *   reading `"0025"` as `"25"` would answer with a value the client did not send and make two spellings of one
 *   amount two different idempotent requests; a zero-padded amount is also the mark of a client bug (fixed-width
 *   formatting, a decimal shifted the wrong way) that silent repair would hide. One spelling per amount.
 * - `> 0` (`baseUnitAmount`) unless the field may legitimately be 0 (`baseUnitAmountOrZero`: an invoice line
 *   item's `unitAmount` for a free line, the wei `value` of a destination call).
 * - At most 2^256-1 (a uint256, the largest token amount anywhere); above it is `AMOUNT_TOO_LARGE` (400) naming the
 *   field, never a 500 further in. Domains keep their stricter bounds on top (limit orders: u64, Solana amounts;
 *   quotes: `QUOTE_MAX_USD`; refunds: what is left to refund).
 *
 * test/validation/amount-fields.test.ts walks every schema the transports use and fails when a field that carries
 * an amount does not use one of these (`sharedKindOf` recognises them, also through `.meta()`, `.optional()`…).
 */
function amountSchema(allowZero: boolean) {
  const schema = z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be an integer string of base units') })
    .regex(/^[0-9]+$/, 'must be an integer string of base units (pattern ^[0-9]+$)')
    .superRefine((s, ctx) => {
      // zod runs every check even after one fails: the pattern is the regex's to report.
      if (!/^[0-9]+$/.test(s)) return;
      if (s.length > 1 && s.startsWith('0')) {
        const canonical = s.replace(/^0+(?=.)/, '');
        ctx.addIssue({ code: 'custom', message: `must have no leading zeros${canonical.length <= 40 ? ` (send "${canonical}")` : ''}` });
      } else if (s.length > UINT256_MAX_DIGITS || BigInt(s) > UINT256_MAX)
        ctx.addIssue({ code: 'custom', message: 'exceeds the largest token amount (2^256-1)', params: { code: 'AMOUNT_TOO_LARGE' } });
      else if (!allowZero && s === '0') ctx.addIssue({ code: 'custom', message: 'must be greater than 0' });
    });
  return schema;
}

/** A base-unit amount greater than 0 (see the rule above). */
export const baseUnitAmount = amountSchema(false).meta({
  description: 'Integer string of base units, canonical (no leading zeros), greater than 0, at most 2^256-1.',
  example: '25000000',
});
/** A base-unit amount that may be 0 (a free invoice line, a call's native value); otherwise the same rule. */
export const baseUnitAmountOrZero = amountSchema(true).meta({
  description: 'Integer string of base units, canonical (no leading zeros), at most 2^256-1; 0 allowed.',
  example: '0',
});

/** Checks that mark a schema built by one of the shared edge schemas (their last check: survives `.meta()` clones). */
const SHARED_CHECKS = new Map<unknown, SharedKind>([
  [checksOf(baseUnitAmount).at(-1), 'amount'],
  [checksOf(baseUnitAmountOrZero).at(-1), 'amountOrZero'],
]);
export type SharedKind = 'amount' | 'amountOrZero' | 'dateTime';

function checksOf(schema: z.ZodType): unknown[] {
  return ((schema as unknown as { _zod: { def: { checks?: unknown[] } } })._zod.def.checks ?? []) as unknown[];
}

/**
 * Which shared edge schema `schema` is (through optional, nullable, default, pipes and transforms, `.meta()`, or as
 * a member of a union, such as an invoice's `dueAt`: a date or a timestamp), or null. Tests use it to check that
 * every amount and date field of the transports uses the shared rule.
 */
export function sharedKindOf(schema: z.ZodType): SharedKind | null {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  for (const c of checksOf(schema)) {
    const kind = SHARED_CHECKS.get(c);
    if (kind) return kind;
  }
  for (const inner of [def.innerType, def.in, def.out, ...((def.options as unknown[] | undefined) ?? [])]) {
    if (inner) {
      const kind = sharedKindOf(inner as z.ZodType);
      if (kind) return kind;
    }
  }
  return null;
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * THE date-time rule of the API edge: an ISO 8601 timestamp `YYYY-MM-DDThh:mm[:ss[.fraction]]` with a zone (`Z` or
 * `±hh:mm`), read strictly: every component must be what it says, checked by a round trip (the date built from
 * them must give back the same year, month, day, hour, minute and second), so `2027-02-30`, `2026-04-31`,
 * `2027-02-29` (not a leap year), hour 24, minute or second 60 are refused instead of rolling over into the next
 * day or month as `Date.parse` does. Returns the instant, or null.
 */
export function parseIsoDateTime(s: string): Date | null {
  const m = ISO_DATE_TIME.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const ms = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const local = new Date(0);
  local.setUTCFullYear(y, mo - 1, d);
  local.setUTCHours(h, mi, sec, ms);
  const roundTrip = [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds()];
  if (roundTrip.join() !== [y, mo, d, h, mi, sec].join()) return null;
  let offsetMinutes = 0;
  if (m[8] !== 'Z') {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const t = local.getTime() - offsetMinutes * 60_000;
  return Number.isFinite(t) ? new Date(t) : null;
}

/** The earliest and latest instants any date input may name (what the database's timestamps hold for sure). */
const MIN_INSTANT = Date.parse('1970-01-01T00:00:00.000Z');
const MAX_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const DATE_TIME_MESSAGE = 'must be an ISO 8601 timestamp with a time zone (YYYY-MM-DDThh:mm[:ss[.sss]] and Z or ±hh:mm) naming a real date and time';

/** `parseIsoDateTime` within 1970-9999 UTC (a zone can carry a four-digit-year timestamp out of it); else null. */
export function parseDateTimeInput(s: string): Date | null {
  const d = parseIsoDateTime(s);
  return d && d.getTime() >= MIN_INSTANT && d.getTime() <= MAX_INSTANT ? d : null;
}

/**
 * The one date-time schema of the REST and GraphQL edges (the GraphQL `DateTime` scalar parses with the same
 * `parseDateTimeInput`): a strict ISO 8601 timestamp with a zone (see `parseIsoDateTime`) within 1970-9999 UTC.
 * `isoDateTime` gives the Date; `isoDateTimeString` keeps the string (for a schema parsed twice, by a route and
 * its service). Domains add their own ranges (subscriptions: 2000-2999; limit orders: a minute ahead at least).
 */
export const isoDateTimeString = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : DATE_TIME_MESSAGE) })
  .max(40, DATE_TIME_MESSAGE)
  .superRefine((s, ctx) => {
    if (s.length <= 40 && !parseDateTimeInput(s)) ctx.addIssue({ code: 'custom', message: DATE_TIME_MESSAGE });
  })
  .meta({ description: 'ISO 8601 timestamp with a time zone; impossible dates (2027-02-30, hour 24…) are refused.', example: '2027-01-15T12:00:00Z' });
SHARED_CHECKS.set(checksOf(isoDateTimeString).at(-1), 'dateTime');
export const isoDateTime = isoDateTimeString.transform((s) => parseDateTimeInput(s)!);

/**
 * THE id rule of the API edge: an id a client names is checked against the shape the service gives that kind of id
 * (`cs_test_…`, `inv_…`: prefix, then base62) before anything reads, listens or calls out with it. An id of
 * another shape (another kind's prefix, a NUL byte, megabytes of text) names nothing, so it is answered as a
 * missing resource is: `NOT_FOUND` (or the field's own not-found code), never a database or INTERNAL error. REST
 * services check it on their path ids; GraphQL attaches this schema to id arguments that have no lookup behind them
 * to do it (subscriptions: they listen on a topic named after the id before reading).
 */
export function idShape(pattern: RegExp, what: string) {
  return z.string().refine((s) => pattern.test(s), { message: `no ${what} has this id`, params: { code: 'NOT_FOUND' } });
}

/**
 * Free text a client sends to be stored or searched for (names, filters, notes): 1 to `max` characters, no NUL (which
 * Postgres text cannot hold: it would be a 500, not an answer).
 */
export const safeText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');
