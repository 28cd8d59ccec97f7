import { BASE62_ALPHABET as ALPHABET, idBase62 } from '../ids.js';

/**
 * Quote ids. The quotes of one response form a set that is stored as one record: every quote id is
 * `q_` + the set's 128-bit random id (22 base62 characters) + the quote's rank in the response (one
 * character) + the quote's own 64-bit random tag (11 characters). Storing a response is then one row (or
 * one Redis key) instead of one per provider, and the request and caller context its quotes share are
 * written once.
 *
 * The tag keeps each quote id a capability of its own: holding one quote of a set does not let anyone
 * derive the others (checkout, for one, stores quotes it does not show the payer, which must not be buildable).
 *
 * Ids made before sets (`q_` + 22 characters, one record each) are told apart by their length.
 */
export const QUOTE_SET_ID_LENGTH = 22;
export const QUOTE_TAG_LENGTH = 11;
/** One base62 character of rank: far more than the number of providers a request can fan out to. */
const MAX_QUOTES_PER_SET = ALPHABET.length;

const SET_QUOTE_ID = new RegExp(`^q_([0-9A-Za-z]{${QUOTE_SET_ID_LENGTH}})([0-9A-Za-z])([0-9A-Za-z]{${QUOTE_TAG_LENGTH}})$`);
const LEGACY_QUOTE_ID = new RegExp(`^q_[0-9A-Za-z]{${QUOTE_SET_ID_LENGTH}}$`);

export const newQuoteSetId = () => idBase62(128);
export const newQuoteTag = () => idBase62(64);

export function quoteIdOf(setId: string, index: number, tag: string): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_QUOTES_PER_SET) throw new RangeError(`quote index ${index} out of range`);
  return `q_${setId}${ALPHABET[index]}${tag}`;
}

export type SetQuoteId = { kind: 'set'; setId: string; index: number; tag: string };
export type ParsedQuoteId = SetQuoteId | { kind: 'legacy'; id: string };

/** What a quote id points at; undefined when it cannot be one of ours (answered as QUOTE_NOT_FOUND). */
export function parseQuoteId(id: string): ParsedQuoteId | undefined {
  const m = SET_QUOTE_ID.exec(id);
  if (m) return { kind: 'set', setId: m[1], index: ALPHABET.indexOf(m[2]), tag: m[3] };
  if (LEGACY_QUOTE_ID.test(id)) return { kind: 'legacy', id };
  return undefined;
}
