import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/validation.js';
import { quoteParamsSchema } from '../../src/quotes/input.js';
import { ManualClock } from '../../src/clock.js';
import type { AssetsApi } from '../../src/quotes/assets-api.js';
import { QuoteService } from '../../src/quotes/service.js';
import type { QuoteRecord } from '../../src/quotes/record.js';
import type { QuoteStore } from '../../src/quotes/store.js';
import type { PartnerView } from '../../src/partners/service.js';
import { capabilities, type Provider, type QuoteRequest } from '../../src/providers/types.js';
import { silentLog, testConfig } from '../helpers/memory-db.js';
import { internalAuth } from '../../src/accounts/service.js';

/** QuoteService built alone: providers, assets, partners and the quote store are in-memory fakes. */
const clock = new ManualClock(Date.parse('2030-01-01T00:00:00Z'));
const addr = (d: string) => `0x${d.repeat(40)}`;
const assets: AssetsApi = {
  resolveChain: (ref) => ({ id: Number(ref), slug: `c${ref}`, name: `Chain ${ref}`, vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18 }),
  resolveToken: async (chainId, ref) => ({ chainId, address: ref.toLowerCase(), symbol: 'TKN', name: 'Token', decimals: 6, priceUsd: 1 }),
};
const partner: PartnerView = {
  id: 'acme',
  label: 'Acme',
  kind: 'fee',
  feeBps: 25,
  maxFeeBps: 100,
  active: true,
  feeRecipientEvm: addr('9'),
  feeRecipientSvm: null,
  accountId: null,
  apiKeyIds: ['key_1'],
  createdAt: new Date(),
  updatedAt: new Date(),
};

function memoryStore() {
  const sets = new Map<string, QuoteRecord[]>();
  const store: QuoteStore = {
    system: 'postgresql',
    putSet: async (setId, quotes) =>
      void sets.set(
        setId,
        quotes.map((q) => ({ ...q })),
      ),
    find: async (quoteId) => [...sets.values()].flat().find((q) => q.quoteId === quoteId),
    sweep: async () => 0,
    close: async () => {},
  };
  return { store, sets };
}

function fakeProvider(seen: QuoteRequest[]): Provider {
  return {
    id: 'relay',
    capabilities: capabilities({}),
    supportsRoute: () => true,
    quote: async (req) => {
      seen.push(req);
      const dst = (req.amount * 99n) / 100n;
      return {
        srcAmount: req.amount,
        dstAmount: dst,
        dstAmountMin: dst,
        estimatedSeconds: 12,
        ourFeeBps: req.fees.ourFeeBps,
        partnerFeeBps: req.fees.partnerFeeBps,
        expiresAt: clock.now() / 1000 + 60,
        context: {},
      };
    },
    build: async () => ({ vm: 'evm', chainId: 8453, to: addr('1'), data: '0x', value: '0' }),
    status: async () => ({ state: 'unknown' }),
  };
}

describe('QuoteService (fake providers, assets, partners and store)', () => {
  it("asks the injected providers with the key's partner fees, stores the set in the injected store, and reads it back", async () => {
    const seen: QuoteRequest[] = [];
    const { store, sets } = memoryStore();
    const asked: string[] = [];
    const quotes = new QuoteService({
      config: testConfig(),
      clock,
      log: silentLog,
      providers: { all: () => [fakeProvider(seen)] },
      assets,
      partners: {
        forApiKey: async (keyId) => {
          asked.push(keyId);
          return keyId === 'key_1' ? partner : null;
        },
        forIntegrator: async () => null,
      },
      store,
    });
    const r = await quotes.quote(
      parseInput(quoteParamsSchema, {
        srcChain: '8453',
        srcToken: addr('a'),
        amount: '5000000',
        dstChain: '42161',
        dstToken: addr('b'),
        sender: addr('c'),
        recipient: addr('d'),
      }),
      { auth: internalAuth('acct_1', 'test', 'key_1') },
    );
    expect(asked).toEqual(['key_1']);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.fees).toMatchObject({ partnerId: 'acme', partnerFeeBps: 25 });
    expect(r.best).toMatchObject({ provider: 'relay', srcAmount: '5000000', dstAmount: '4950000', fees: { integrator: 'acme', integratorFeeBps: 25 } });
    expect(sets.size).toBe(1);
    const stored = await quotes.get(r.best.quoteId);
    expect(stored).toMatchObject({ quoteId: r.best.quoteId, accountId: 'acct_1', mode: 'test', provider: 'relay' });
    expect(stored.quote.srcAmount).toBe(5_000_000n);
    expect(stored).not.toHaveProperty('checkoutSessionId');
  });
});
