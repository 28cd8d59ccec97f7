/**
 * Token amounts between the API and people. The API carries integer strings of base units; people read and type
 * decimals of whole tokens. Both directions are exact (bigint and string digits, never floating point), so what a
 * form sends is exactly what was typed, and what a page shows is exactly what the API holds.
 */

const DIGITS = /^[0-9]+$/;

/** `25000000` with 6 decimals → `25`, `1234567` → `1.234567`, `1` with 18 → `0.000000000000000001`. */
export function formatUnits(base: string, decimals: number): string {
  if (!DIGITS.test(base)) return base;
  const digits = base.replace(/^0+(?=\d)/, '');
  if (decimals <= 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const frac = padded.slice(-decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** `formatUnits` with thousands separators in the whole part (`1,234.5`), for display only. */
export function displayUnits(base: string, decimals: number): string {
  const plain = formatUnits(base, decimals);
  const [whole, frac] = plain.split('.');
  if (!whole || !DIGITS.test(whole)) return plain;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

export type ParsedUnits = { ok: true; base: string } | { ok: false; message: string };

/**
 * What a person typed (`12.5`, `0.000001`, `1,000`) as a base-unit integer string with `decimals`: refused when it
 * is not a plain decimal number or has more fraction digits than the token has.
 */
export function parseUnits(text: string, decimals: number, opts: { allowZero?: boolean } = {}): ParsedUnits {
  const t = text.trim().replace(/,/g, '');
  if (!t) return { ok: false, message: 'Enter an amount.' };
  const m = /^([0-9]*)(?:\.([0-9]*))?$/.exec(t);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return { ok: false, message: 'Enter a number such as 12.50 (digits and one decimal point).' };
  const whole = m[1] ?? '';
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return { ok: false, message: `At most ${decimals} decimal places for this token.` };
  const base = `${whole}${frac.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '') || '0';
  if (base === '0' && !opts.allowZero) return { ok: false, message: 'The amount must be greater than 0.' };
  return { ok: true, base };
}
