import { useId } from 'preact/hooks';
import { ApiFailure } from '../../gql';
import { displayUnits, formatUnits, parseUnits } from './amounts';

/** A line item as the form holds it: text as typed (the unit price in whole tokens). */
export interface LineDraft {
  description: string;
  quantity: string;
  unitPrice: string;
}

export const emptyLine = (): LineDraft => ({ description: '', quantity: '1', unitPrice: '' });

/** A line item of the API (`unitAmount` in base units) as the form shows it. */
export const lineDraftOf = (li: { description: string; quantity: number; unitAmount: string }, decimals: number): LineDraft => ({
  description: li.description,
  quantity: String(li.quantity),
  unitPrice: formatUnits(li.unitAmount, decimals),
});

/** The drafts as the API takes them (`unitAmount` an integer string of base units); an ApiFailure naming the line otherwise. */
export function lineItemsInput(lines: LineDraft[], decimals: number): Array<{ description: string; quantity: number; unitAmount: string }> {
  return lines.map((l, i) => {
    const n = i + 1;
    if (!l.description.trim()) throw new ApiFailure('INVALID_PARAMS', `Line ${n}: enter a description.`);
    const quantity = Number(l.quantity);
    if (!/^[0-9]+$/.test(l.quantity.trim()) || quantity < 1) throw new ApiFailure('INVALID_PARAMS', `Line ${n}: the quantity is a whole number of at least 1.`);
    const price = parseUnits(l.unitPrice, decimals, { allowZero: true });
    if (!price.ok) throw new ApiFailure('INVALID_PARAMS', `Line ${n}: ${price.message}`);
    return { description: l.description.trim(), quantity, unitAmount: price.base };
  });
}

/** Σ quantity × unit price of the lines that parse, in base units (for the running total). */
function totalOf(lines: LineDraft[], decimals: number): string | null {
  let total = 0n;
  for (const l of lines) {
    const p = parseUnits(l.unitPrice, decimals, { allowZero: true });
    if (!p.ok || !/^[0-9]+$/.test(l.quantity.trim())) return null;
    total += BigInt(p.base) * BigInt(l.quantity.trim());
  }
  return total.toString();
}

/** The line items of an invoice or a subscription: one row of labelled fields per line, add and remove buttons. */
export function LineItemsEditor({
  lines,
  onChange,
  decimals,
  symbol,
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  decimals: number;
  symbol: string;
}) {
  const base = useId();
  const set = (i: number, patch: Partial<LineDraft>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const total = totalOf(lines, decimals);
  return (
    <fieldset>
      <legend>Line items</legend>
      {lines.map((l, i) => {
        const id = `${base}-${i}`;
        return (
          <fieldset class="form-row line-item" key={i}>
            <legend class="visually-hidden">Line {i + 1}</legend>
            <div class="field grow">
              <label for={`${id}-d`}>Description</label>
              <input id={`${id}-d`} required value={l.description} onInput={(e) => set(i, { description: (e.target as HTMLInputElement).value })} />
            </div>
            <div class="field">
              <label for={`${id}-q`}>Quantity</label>
              <input
                id={`${id}-q`}
                inputMode="numeric"
                size={5}
                required
                value={l.quantity}
                onInput={(e) => set(i, { quantity: (e.target as HTMLInputElement).value })}
              />
            </div>
            <div class="field">
              <label for={`${id}-p`}>Unit price ({symbol})</label>
              <input
                id={`${id}-p`}
                inputMode="decimal"
                size={10}
                required
                value={l.unitPrice}
                onInput={(e) => set(i, { unitPrice: (e.target as HTMLInputElement).value })}
              />
            </div>
            {lines.length > 1 ? (
              <button type="button" class="secondary" onClick={() => onChange(lines.filter((_, j) => j !== i))}>
                Remove line {i + 1}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <div class="actions">
        <button type="button" class="secondary" onClick={() => onChange([...lines, emptyLine()])} disabled={lines.length >= 50}>
          Add line
        </button>
      </div>
      <p aria-live="polite">
        Total: <strong>{total === null ? '—' : `${displayUnits(total, decimals)} ${symbol}`}</strong>
      </p>
    </fieldset>
  );
}
