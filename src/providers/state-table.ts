import type { OrderState } from './types.js';

/**
 * How every adapter turns a provider's order state into ours: a table from the provider's state string to
 * pending | filled | refunded | failed | unknown, applied by `orderStateFrom`. A key `STATE/SUBSTATE` refines
 * `STATE` for providers whose state comes in two parts (LI.FI). A state the table does not list is
 * `unknown` (the provider may have added one), never a guess.
 */
export type ProviderStateTable = Readonly<Record<string, OrderState>>;

export function orderStateFrom(table: ProviderStateTable, state: string, substate?: string): OrderState {
  if (substate !== undefined && Object.hasOwn(table, `${state}/${substate}`)) return table[`${state}/${substate}`];
  return Object.hasOwn(table, state) ? table[state] : 'unknown';
}
