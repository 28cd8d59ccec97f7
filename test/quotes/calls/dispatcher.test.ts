import { describe, expect, it } from 'vitest';
import { toFunctionSelector } from 'viem';
import { compileContracts } from '../../../src/devnet/compile.js';
import { CALLS_DISPATCHER_RUNTIME, callsDispatcherAbi } from '../../../src/quotes/calls/dispatcher.js';

describe('embedded CallsDispatcher', () => {
  it('is the runtime contracts/CallsDispatcher.sol compiles to, with the same run/CallReverted interface', async () => {
    const artifacts = await compileContracts();
    expect(CALLS_DISPATCHER_RUNTIME).toBe(artifacts.CallsDispatcher.deployedBytecode);
    const compiled = artifacts.CallsDispatcher.abi.filter((x) => x.type === 'function' || x.type === 'error');
    for (const item of callsDispatcherAbi) {
      const match = compiled.find((c) => 'name' in c && c.name === item.name);
      expect(match, item.name).toBeDefined();
      expect(toFunctionSelector(match as never)).toBe(toFunctionSelector(item as never));
    }
  }, 60_000);
});
