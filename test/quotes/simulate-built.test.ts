import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { graphql } from '../graphql/generated/index.js';
import { withDevnet } from '../fixtures/devnet.js';

/**
 * `simulate: true` on an ordinary quote: the mock provider builds real transactions on the devnet (a
 * Multicall3 transferFrom of the sender's USDC), which the service simulates from `sender` after its approval.
 */
const SimulatedQuote = graphql(`
  query SimulatedQuote($input: QuoteInput!) {
    quote(input: $input) {
      __typename
      ... on QuoteResponse { best { provider simulatedGasUsed } }
      ... on NoRouteError { code message }
    }
  }
`);

const devnet = withDevnet();
const EMPTY = '0x00000000000000000000000000000000000e0e0e';

describe('simulate: true (devnet as Base, mock provider)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      env: { PROVIDERS: 'mock', MOCK_PROVIDER: '1', MOCK_CHAINS: '8453', RPC_URL_8453: devnet.rpcUrl, RATE_LIMIT_ENABLED: 'false' },
    });
  }, 60_000);
  afterAll(() => s?.close());

  const quote = (sender: string, o: Record<string, string> = {}) =>
    s.get(
      '/v1/quote?' +
        new URLSearchParams({ srcChain: '8453', srcToken: 'USDC', amount: '5000000', dstChain: '8453', dstToken: 'DAI', sender, recipient: sender, ...o }),
    );

  it('a funded sender: the quote carries the simulated gas of its transaction', async () => {
    const r = await quote(devnet.accounts[1]!.address, { simulate: 'true' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.best.provider).toBe('mock');
    expect(BigInt(r.body.best.simulation.gasUsed)).toBeGreaterThan(21_000n);
    expect(r.body.errors).toEqual([]);
  });

  it('without simulate nothing is simulated', async () => {
    const r = await quote(devnet.accounts[1]!.address);
    expect(r.status).toBe(200);
    expect(r.body.best.simulation).toBeUndefined();
  });

  it('a sender without the tokens: the quote would revert, so it moves to errors as SIMULATION_FAILED (all failed → NO_ROUTE)', async () => {
    const r = await quote(EMPTY, { simulate: 'true' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NO_ROUTE');
    expect(r.body.error.message).toMatch(
      /mock SIMULATION_FAILED \(mock: the transaction would revert when sent from 0x0+e0e0e: Error\("Multicall3: call failed"\)\)/,
    );
  });

  it('GraphQL: simulate on QuoteInput, simulatedGasUsed on Quote', async () => {
    const { gql } = inProcessGraphQL(s);
    const r = await gql(SimulatedQuote, {
      input: {
        srcChain: '8453',
        srcToken: 'USDC',
        amount: '5000000',
        dstChain: '8453',
        dstToken: 'DAI',
        sender: devnet.accounts[2]!.address,
        recipient: devnet.accounts[2]!.address,
        simulate: true,
      },
    });
    expect(r.errors).toBeUndefined();
    const q = r.data!.quote;
    if (q.__typename !== 'QuoteResponse') throw new Error(q.__typename);
    expect(BigInt(q.best.simulatedGasUsed!)).toBeGreaterThan(21_000n);
  });
});
