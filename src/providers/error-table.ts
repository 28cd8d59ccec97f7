import type { z } from 'zod';
import { ApiError, type ErrorCode } from '../errors.js';
import type { ProviderId } from './types.js';

/**
 * How every adapter turns a provider's error answer into our typed error (src/errors.ts): its errors.ts gives
 * the zod schema of the provider's error body and reads the parsed body into a ProviderHttpFailure, and one
 * table of rows, written the same way for all providers, says which of our codes it is. `toApiError` is the
 * one function doing it. 429, 3xx and 5xx never get here: providerFetch (src/providers/http.ts) maps them
 * whatever the body says.
 */

/** A provider's error answer, reduced to what the tables match on. */
interface ProviderHttpFailure {
  /** HTTP status (a 4xx; 200 for providers that report some failures inside a 200 body). */
  status: number;
  /** The provider's machine-readable code (Relay `errorCode`, deBridge `errorId`, 0x `name`, LI.FI/KyberSwap `code`…); absent when the body has none. */
  code?: string | number;
  /** The provider's own text. */
  message?: string;
  /** Finer codes under the main one (LI.FI's per-tool error codes). */
  subcodes?: readonly string[];
}

/**
 * One row: every field given must match (a list matches any of its values), and the first matching row wins.
 * A failure no row matches is PROVIDER_ERROR: the caller cannot fix what we do not understand.
 */
export interface ProviderErrorRow {
  status?: readonly number[];
  /** `null` in the list matches a body that carries no code at all. */
  code?: readonly (string | number | null)[];
  message?: RegExp;
  /** The failure has sub-codes and every one of them is in this list. */
  subcodes?: readonly string[];
  /** Our code for a failure this row matches. */
  to: ErrorCode;
  /** What the failure means on our side when the provider's text does not say it (e.g. a rejected API key); adapters put it in the message. */
  note?: string;
}

export type ProviderErrorTable = readonly ProviderErrorRow[];

function rowMatches(row: ProviderErrorRow, f: ProviderHttpFailure): boolean {
  if (row.status && !row.status.includes(f.status)) return false;
  if (row.code && !row.code.includes(f.code ?? null)) return false;
  if (row.message && !row.message.test(f.message ?? '')) return false;
  if (row.subcodes) {
    const subs = f.subcodes ?? [];
    if (!subs.length || !subs.every((c) => row.subcodes!.includes(c))) return false;
  }
  return true;
}

/** The first row of `table` matching the failure, if any. */
function matchErrorRow(table: ProviderErrorTable, f: ProviderHttpFailure): ProviderErrorRow | undefined {
  return table.find((row) => rowMatches(row, f));
}

/** What a provider's error body says, read by its errors.ts from the zod-parsed body. */
interface ProviderErrorReading extends Omit<ProviderHttpFailure, 'status'> {
  /** The provider's own words for our message; empty → `HTTP <status>`. */
  text?: string;
  /** Machine-readable details the ApiError carries (e.g. `providerCode`). */
  details?: Record<string, unknown>;
}

/** One provider's error body: its zod schema (lenient: a field of the wrong type reads as absent) and how to read it. */
interface ProviderErrorFormat<S extends z.ZodType = z.ZodType> {
  provider: ProviderId;
  body: S;
  read(body: z.output<S>, status: number): ProviderErrorReading;
}

export const errorFormat = <S extends z.ZodType>(f: ProviderErrorFormat<S>): ProviderErrorFormat<S> => f;

/**
 * A provider's error answer as our ApiError: the body is zod-parsed with the provider's schema (a body of another
 * shape is read as carrying nothing but its status), the first matching row of `table` gives the code
 * (PROVIDER_ERROR when none does), and the message is `<provider>: <text>`, or `<provider> <note>: <text>` for a
 * row with a note; a quote that can no longer be built says to request a new one.
 */
export function toApiError<S extends z.ZodType>(format: ProviderErrorFormat<S>, table: ProviderErrorTable, status: number, json: unknown): ApiError {
  const parsed = format.body.safeParse(json);
  const reading: ProviderErrorReading = parsed.success ? format.read(parsed.data, status) : {};
  const row = matchErrorRow(table, { ...reading, status });
  const code = row?.to ?? 'PROVIDER_ERROR';
  const text = reading.text || `HTTP ${status}`;
  const message = `${format.provider}${row?.note ? ` ${row.note}` : ''}: ${text}${code === 'QUOTE_NOT_FOUND' ? '; request a new quote' : ''}`;
  return new ApiError(code, message, reading.details);
}

/** A field of an error body: absent, or of another type than expected, reads as undefined (the rest still counts). */
export const lenient = <T extends z.ZodType>(t: T) => t.optional().catch(undefined);
