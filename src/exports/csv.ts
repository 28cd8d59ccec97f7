/**
 * CSV text (RFC 4180): fields separated by commas, records ended by CRLF; a field holding a comma, a double quote,
 * CR or LF is enclosed in double quotes, with each double quote inside doubled. An empty field is null.
 *
 * Formula-injection guard: a text field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be
 * read by a spreadsheet as a formula (a merchant's customer name `=HYPERLINK(…)` runs when the accountant opens the
 * file), so it gets a leading `'`, which spreadsheets show as text and hide. Numbers are written as they are, and so
 * is text that is a plain decimal number (`-1250`, `-0.000125`: the fee ledger's signed amounts), which a spreadsheet
 * reads as that number and nothing else; all other text (names, memos, references…) is guarded.
 */

export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, guarded and quoted as above. */
export function csvCell(v: Cell): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One record, CRLF-terminated. */
export const csvRecord = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;
