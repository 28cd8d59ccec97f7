import { erc20Abi, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { DEVNET_ACCOUNTS, DEVNET_TOKENS, targetBalance } from '../../src/devnet/index.js';
import { withDevnet } from '../fixtures/devnet.js';

const [alice, bob] = DEVNET_ACCOUNTS;

describe('withDevnet({ isolateTests: true })', () => {
  const devnet = withDevnet({ isolateTests: true });
  const aliceUsdc = () =>
    devnet.publicClient.readContract({ address: devnet.tokens.USDC.address, abi: erc20Abi, functionName: 'balanceOf', args: [alice.address] });

  // Two tests that would interfere without isolation: the second expects the first's transfer to be gone.
  it('a test spends tokens', async () => {
    const hash = await devnet.walletClient(alice).writeContract({
      address: devnet.tokens.USDC.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [bob.address, parseUnits('5', 6)],
    });
    await devnet.publicClient.waitForTransactionReceipt({ hash });
    expect(await aliceUsdc()).toBe(targetBalance(DEVNET_TOKENS.USDC, alice) - parseUnits('5', 6));
  });

  it('the next test starts from the snapshot again', async () => {
    expect(await aliceUsdc()).toBe(targetBalance(DEVNET_TOKENS.USDC, alice));
  });
});

describe('withDevnet outside tests', () => {
  const devnet = withDevnet();
  // Runs at collection time, before beforeAll: must fail loudly instead of handing out undefined.
  let early: unknown;
  try {
    early = devnet.rpcUrl;
  } catch (err) {
    early = err;
  }

  it('throws a message that says why when read at collection time', () => {
    expect(early).toBeInstanceOf(Error);
    expect(String(early)).toMatch(/not running at collection time/);
  });

  it('is usable inside tests', () => {
    expect(devnet.chainId).toBe(8453);
  });
});
