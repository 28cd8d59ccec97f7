import type { ProviderId } from '../src/providers/types.js';
import { startFixtureProviderServer } from '../test/fixtures/fixture-provider.js';

/** The six fixture providers of the quote benches (quote-fanout, quote-stream) and their fixed answer delays. */
export const QUOTE_FIXTURE_DELAYS: [ProviderId, number][] = [
  ['debridge', 50],
  ['lifi', 120],
  ['0x', 190],
  ['kyberswap', 260],
  ['jupiter', 330],
  ['relay', 400],
];

/** The fixture server answering as QUOTE_FIXTURE_DELAYS says, each provider at its own rate (a distinct ranking). */
export async function startQuoteFixtures() {
  const fx = await startFixtureProviderServer();
  for (const [id, delayMs] of QUOTE_FIXTURE_DELAYS) fx.configure(id, { delayMs, behaviour: 'ok', rateBps: 9_900 + delayMs / 10 });
  return fx;
}
