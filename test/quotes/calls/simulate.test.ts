import { beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, parseAbi, type Hex } from 'viem';
import { ApiError } from '../../../src/errors.js';
import { installDestinationCallTargets, nativeVaultAbi, testVaultAbi, CALL_TARGETS, ARBITRUM_USDC } from '../../../src/devnet/index.js';
import { CallsSimulator, decodeRevertReason, SLOT_CACHE_MAX, type SimulationInput, type SimulationMode } from '../../../src/quotes/calls/simulate.js';
import { withDevnet } from '../../fixtures/devnet.js';

// Anvil posing as Arbitrum: USDC at its real address, our vaults at made-up ones.
const devnet = withDevnet({ chainId: 42161 });
beforeAll(async () => {
  await installDestinationCallTargets(devnet.rpcUrl);
}, 60_000);

const USDC = ARBITRUM_USDC.toLowerCase();
const EXECUTOR = '0xe0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0';
const RECIPIENT = '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516';
const ZERO = '0x0000000000000000000000000000000000000000';
const AMOUNT = 2_500_000n;

const approve = (spender: string, amount = AMOUNT) => ({
  to: USDC,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, amount] }),
  value: '0',
});
const deposit = (vault: string, amount = AMOUNT, receiver = RECIPIENT) => ({
  to: vault.toLowerCase(),
  data: encodeFunctionData({ abi: testVaultAbi, functionName: 'deposit', args: [amount, receiver as Hex] }),
  value: '0',
});
const erc20 = (calls: SimulationInput['calls']): SimulationInput => ({
  chainId: 42161,
  executor: EXECUTOR,
  token: USDC,
  dstAmount: AMOUNT,
  recipient: RECIPIENT,
  calls,
});
const native = (calls: SimulationInput['calls']): SimulationInput => ({ ...erc20(calls), token: ZERO });

function simulator(mode: SimulationMode, fetchFn?: typeof fetch) {
  return new CallsSimulator({ rpcUrl: () => devnet.rpcUrl, timeoutMs: 5_000, mode, fetch: fetchFn });
}
async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the simulation to fail');
}

describe.each(['eth_simulateV1', 'eth_call'] as const)('simulation through %s', (mode) => {
  const sim = () => simulator(mode);

  it('a deposit into the vault succeeds: gas measured, shares reach recipient, nothing left over', async () => {
    const r = await sim().simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)]));
    expect(r.method).toBe(mode);
    expect(r.ok).toBe(true);
    expect(r.gasUsedPerCall).toHaveLength(2);
    expect(r.gasUsed).toBeGreaterThan(20_000n);
    expect(r.gasUsed).toBe(r.gasUsedPerCall[0] + r.gasUsedPerCall[1]);
    expect(r.leftover).toBe(0n);
    expect(r.recipientReceived).toEqual([{ token: CALL_TARGETS.vault.toLowerCase(), amount: AMOUNT.toString() }]);
    // Read-only: nothing changed on chain.
    expect(await devnet.publicClient.readContract({ address: CALL_TARGETS.vault, abi: testVaultAbi, functionName: 'balanceOf', args: [RECIPIENT] })).toBe(0n);
  });

  it('a deposit above the vault cap → CALLS_REVERTED naming call 1 and the decoded custom error', async () => {
    const err = await failure(sim().simulate(erc20([approve(CALL_TARGETS.cappedVault), deposit(CALL_TARGETS.cappedVault)])));
    expect(err.code).toBe('CALLS_REVERTED');
    expect(err.status).toBe(422);
    expect(err.details).toMatchObject({ callIndex: 1 });
    expect(err.message).toContain('calls[1]');
    expect(err.message).toContain(`ERC4626ExceededMaxDeposit(${RECIPIENT}`.slice(0, 30));
    expect(err.message).toMatch(/ERC4626ExceededMaxDeposit\(0x[0-9a-fA-F]{40}, 2500000, 1000000\)/);
  });

  it('without the approve, the vault cannot pull: ERC20InsufficientAllowance at call 0', async () => {
    const err = await failure(sim().simulate(erc20([deposit(CALL_TARGETS.vault)])));
    expect(err.code).toBe('CALLS_REVERTED');
    expect(err.message).toMatch(/^calls\[0\].*ERC20InsufficientAllowance/);
  });

  it('the executor holds exactly dstAmount: depositing one unit more reverts on balance', async () => {
    const err = await failure(sim().simulate(erc20([approve(CALL_TARGETS.vault, AMOUNT + 1n), deposit(CALL_TARGETS.vault, AMOUNT + 1n)])));
    expect(err.message).toMatch(/calls\[1\].*ERC20InsufficientBalance\(0x[0-9a-fA-F]{40}, 2500000, 2500001\)/);
  });

  it('a vault crediting msg.sender → refused: the executor was credited instead of recipient', async () => {
    const err = await failure(sim().simulate(erc20([approve(CALL_TARGETS.senderVault), deposit(CALL_TARGETS.senderVault)])));
    expect(err.code).toBe('CALLS_REVERTED');
    expect(err.details).toMatchObject({ reason: 'EXECUTOR_CREDITED', callIndex: 1 });
    expect(err.message).toMatch(/credits the executor/);
  });

  it('part of the output left with the executor → refused with the leftover', async () => {
    const err = await failure(sim().simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault, AMOUNT - 100n)])));
    expect(err.details).toMatchObject({ reason: 'OUTPUT_LEFT_WITH_EXECUTOR', leftover: '100' });
  });

  it('native output: a call with value crediting recipient succeeds', async () => {
    const call = {
      to: CALL_TARGETS.nativeVault.toLowerCase(),
      data: encodeFunctionData({ abi: nativeVaultAbi, functionName: 'depositFor', args: [RECIPIENT] }),
      value: AMOUNT.toString(),
    };
    const r = await sim().simulate(native([call]));
    expect(r.leftover).toBe(0n);
    expect(r.gasUsed).toBeGreaterThan(0n);
    expect(r.recipientReceived).toContainEqual({ token: CALL_TARGETS.nativeVault.toLowerCase(), amount: AMOUNT.toString() });
  });

  it('native output: WETH-style deposit() credits the executor → refused; a revert string is decoded', async () => {
    const credit = {
      to: CALL_TARGETS.nativeVault.toLowerCase(),
      data: encodeFunctionData({ abi: nativeVaultAbi, functionName: 'deposit' }),
      value: AMOUNT.toString(),
    };
    expect((await failure(sim().simulate(native([credit])))).details).toMatchObject({ reason: 'EXECUTOR_CREDITED' });
    const nothing = {
      to: CALL_TARGETS.nativeVault.toLowerCase(),
      data: encodeFunctionData({ abi: nativeVaultAbi, functionName: 'depositFor', args: [RECIPIENT] }),
      value: '0',
    };
    const err = await failure(sim().simulate(native([nothing])));
    expect(err.message).toContain('calls[0]');
    expect(err.message).toContain('Error("NativeVault: nothing sent")');
  });
});

describe('tokens credited to the executor by a contract it did not call directly', () => {
  const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';
  const OTHER_TOKEN = '0x07e4000000000000000000000000000000000007';
  const aggregate3 = parseAbi([
    'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[])',
  ]);
  const mintAbi = parseAbi(['function mint(address to, uint256 value)']);
  beforeAll(async () => {
    // A second ERC-20 (the test token's code): never a call target below, so no balance of it is read.
    await devnet.testClient.setCode({ address: OTHER_TOKEN, bytecode: (await devnet.publicClient.getCode({ address: ARBITRUM_USDC }))! });
  });
  // The output goes to Multicall3, which has another token minted "for" someone: only that token's Transfer
  // event shows where it went.
  const nested = (receiver: string) => [
    approve(MULTICALL3),
    {
      to: MULTICALL3,
      data: encodeFunctionData({
        abi: aggregate3,
        functionName: 'aggregate3',
        args: [
          [
            {
              target: USDC as Hex,
              allowFailure: false,
              callData: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [EXECUTOR, MULTICALL3, AMOUNT] }),
            },
            { target: OTHER_TOKEN, allowFailure: false, callData: encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [receiver as Hex, 7n] }) },
          ],
        ],
      }),
      value: '0',
    },
  ];

  it('eth_simulateV1: a token minted to the executor through Multicall3 → EXECUTOR_CREDITED naming the call and token', async () => {
    const err = await failure(simulator('eth_simulateV1').simulate(erc20(nested(EXECUTOR))));
    expect(err.code).toBe('CALLS_REVERTED');
    expect(err.details).toMatchObject({ reason: 'EXECUTOR_CREDITED', callIndex: 1, token: OTHER_TOKEN });
    expect(err.message).toMatch(/^calls\[1\] leaves 7 of token 0x07e4\w+ with the executor/);
  });

  it('eth_simulateV1: the same calls minting to recipient pass', async () => {
    const r = await simulator('eth_simulateV1').simulate(erc20(nested(RECIPIENT)));
    expect(r.leftover).toBe(0n);
  });
});

describe('CallsSimulator plumbing', () => {
  it('auto mode falls back to eth_call when the node lacks eth_simulateV1, and remembers it', async () => {
    const methods: string[] = [];
    const fetchFn: typeof fetch = async (url, init) => {
      const body = JSON.parse(String(init!.body)) as { id: number; method: string };
      methods.push(body.method);
      if (body.method === 'eth_simulateV1')
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } }));
      return fetch(url, init);
    };
    const s = simulator('auto', fetchFn);
    const r = await s.simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)]));
    expect(r.method).toBe('eth_call');
    const probes = methods.filter((m) => m === 'eth_call').length;
    expect(probes).toBeGreaterThan(1); // slot probing, then the run
    methods.length = 0;
    await s.simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)]));
    // Second run: neither eth_simulateV1 again nor any probing (the balance slot is cached per token).
    expect(methods).toEqual(['eth_call']);
  });

  it('auto mode: a passing error that only looks like "unsupported" (header not found) falls back once, not for good', async () => {
    let fail = true;
    const fetchFn: typeof fetch = async (url, init) => {
      const body = JSON.parse(String(init!.body)) as { id: number; method: string };
      if (body.method === 'eth_simulateV1' && fail) {
        fail = false;
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32000, message: 'header not found' } }));
      }
      return fetch(url, init);
    };
    const s = simulator('auto', fetchFn);
    expect((await s.simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)]))).method).toBe('eth_call');
    expect((await s.simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)]))).method).toBe('eth_simulateV1');
  });

  it('auto mode uses eth_simulateV1 where the node has it', async () => {
    const r = await simulator('auto').simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)]));
    expect(r.method).toBe('eth_simulateV1');
  });

  it('RPC down or not configured → PROVIDER_ERROR', async () => {
    const down = new CallsSimulator({ rpcUrl: () => 'http://127.0.0.1:9', timeoutMs: 2_000 });
    expect((await failure(down.simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)])))).code).toBe('PROVIDER_ERROR');
    const none = new CallsSimulator({ rpcUrl: () => undefined, timeoutMs: 2_000 });
    expect((await failure(none.simulate(erc20([approve(CALL_TARGETS.vault), deposit(CALL_TARGETS.vault)])))).message).toMatch(/RPC_URL_42161/);
  });

  it('a token whose balance slot cannot be found: PROVIDER_ERROR, and not probed again on the next request', async () => {
    const token = '0x00000000000000000000000000000000000b0b0b'; // no code: balanceOf reads nothing
    let probes = 0;
    const counting: typeof fetch = async (url, init) => {
      const body = JSON.parse(String(init?.body));
      if (body.method === 'eth_call' && body.params?.[0]?.to === token) probes++;
      return fetch(url, init);
    };
    const s = simulator('auto', counting);
    const input = {
      ...erc20([{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [CALL_TARGETS.vault, AMOUNT] }), value: '0' }]),
      token,
    };
    const first = await failure(s.simulate(input));
    expect(first.code).toBe('PROVIDER_ERROR');
    expect(first.message).toMatch(/balance storage slot/);
    expect(probes).toBe(64);
    const again = await failure(s.simulate(input));
    expect(again.message).toMatch(/balance storage slot/);
    expect(probes).toBe(64);
  });

  it('the balance-slot cache is bounded (oldest token forgotten first)', async () => {
    expect(SLOT_CACHE_MAX).toBe(2_000);
    const rpcOk = async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x' }), { headers: { 'content-type': 'application/json' } });
    const s = new CallsSimulator({ rpcUrl: () => 'http://rpc.invalid', timeoutMs: 1_000, fetch: rpcOk, slotCacheMax: 3 });
    for (let i = 1; i <= 5; i++) await failure(s.simulate({ ...erc20([]), token: `0x${i.toString(16).padStart(40, '0')}` }));
    expect(s.cachedSlots).toBe(3);
  });

  it('decodes revert data', () => {
    expect(decodeRevertReason('0x')).toBe('reverted without a reason');
    expect(decodeRevertReason('0x4e487b710000000000000000000000000000000000000000000000000000000000000011')).toBe(
      'Panic(0x11: arithmetic overflow or underflow)',
    );
    expect(decodeRevertReason('0xdeadbeef00')).toBe('custom error 0xdeadbeef with data 0x00');
    expect(decodeRevertReason('0x1234')).toBe('revert data 0x1234');
  });
});
