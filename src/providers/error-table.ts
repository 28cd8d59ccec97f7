import type { ErrorCode } from '../errors.js';

/**
 * How every adapter turns a provider's error answer into our code: the adapter reads the provider's error
 * body into a ProviderHttpFailure (its errors.ts knows the body shape), and one table of rows, written the
 * same way for all providers, says which of our codes it is. 429, 3xx and 5xx never get here: providerFetch
 * (src/providers/http.ts) maps them whatever the body says.
 */

/** A provider's error answer, reduced to what the tables match on. */
export interface ProviderHttpFailure {
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
export function matchErrorRow(table: ProviderErrorTable, f: ProviderHttpFailure): ProviderErrorRow | undefined {
  return table.find((row) => rowMatches(row, f));
}

/** Our code for a provider failure under `table` (PROVIDER_ERROR when no row matches). */
export function errorCodeFor(table: ProviderErrorTable, f: ProviderHttpFailure): ErrorCode {
  return matchErrorRow(table, f)?.to ?? 'PROVIDER_ERROR';
}
