import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi } from 'viem';
import { tagCalldata } from '../../src/checkout/verify/evidence.js';
import { PayError, parsePayArgs, payCheckoutSession } from '../../src/devnet-pay.js';

const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SESSION = {
  id: 'cs_test_x',
  status: 'open',
  amount: '25000000',
  recipient: RECIPIENT,
  settlement: { chainId: 8453, token: USDC, symbol: 'USDC', decimals: 6 },
};

describe('devnet:pay arguments', () => {
  it.each([
    { argv: ['cs_test_a'], env: {}, want: { sessionId: 'cs_test_a', api: 'http://localhost:8787', rpcUrl: 'http://127.0.0.1:8545' } },
    {
      argv: ['cs_test_a'],
      env: { PORT: '9000', DEVNET_PORT: '9545' },
      want: { sessionId: 'cs_test_a', api: 'http://localhost:9000', rpcUrl: 'http://127.0.0.1:9545' },
    },
    {
      argv: ['cs_test_a', '--amount', '1000000', '--api=http://localhost:1', '--rpc', 'http://127.0.0.1:2'],
      env: {},
      want: { sessionId: 'cs_test_a', api: 'http://localhost:1', rpcUrl: 'http://127.0.0.1:2', amount: 1_000_000n },
    },
  ])('$argv', ({ argv, env, want }) => {
    expect(parsePayArgs(argv, env)).toEqual(want);
  });

  it.each([[[]], [['a', 'b']], [['a', '--amount', '0']], [['a', '--amount', '1.5']], [['a', '--amount']], [['a', '--to', 'x']]])('refuses %j', (argv) => {
    expect(() => parsePayArgs(argv)).toThrow(PayError);
  });
});

describe('devnet:pay signs only the session-tagged transfer', () => {
  // A node that only says which chain it is: the payment is refused before anything is signed or sent.
  let rpc: Server;
  let rpcUrl: string;
  const sent: string[] = [];
  beforeAll(async () => {
    rpc = createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => {
        raw += d;
      });
      req.on('end', () => {
        const body = JSON.parse(raw) as { id: number; method: string };
        sent.push(body.method);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: '0x2105' }));
      });
    });
    await new Promise<void>((r) => rpc.listen(0, '127.0.0.1', () => r()));
    rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => rpc.close(() => r())));

  const api = (data: string, to = USDC) =>
    (async (url: string | URL | Request) => {
      const path = new URL(String(url)).pathname;
      const reply = path.endsWith('/quote')
        ? { quotes: [{ method: 'direct_transfer', quoteId: 'q_direct' }] }
        : path === '/v1/orders'
          ? { tx: { vm: 'evm', chainId: 8453, to, data, value: '0' } }
          : SESSION;
      return new Response(JSON.stringify(reply), { status: 200 });
    }) as typeof fetch;
  const transfer = (amount: bigint, to: `0x${string}` = RECIPIENT) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

  it.each([
    { what: 'an untagged transfer', data: transfer(25_000_000n), to: USDC },
    { what: 'a transfer tagged for another session', data: tagCalldata(transfer(25_000_000n), 'cs_test_other'), to: USDC },
    { what: 'to someone else', data: tagCalldata(transfer(25_000_000n, '0x000000000000000000000000000000000000dEaD'), 'cs_test_x'), to: USDC },
    { what: 'of another token', data: tagCalldata(transfer(25_000_000n), 'cs_test_x'), to: '0x50c5725949a6f0c72e6c4a641f24049a917db0cb' },
  ])('refuses $what', async ({ data, to }) => {
    sent.length = 0;
    await expect(payCheckoutSession({ api: 'http://api.invalid', rpcUrl, sessionId: 'cs_test_x', fetch: api(data, to) })).rejects.toThrow(/refusing to sign/);
    expect(sent).toEqual(['eth_chainId']);
  });
});
