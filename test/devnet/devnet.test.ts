import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  hexToString,
  http,
  parseEventLogs,
  parseUnits,
  type Abi,
  type AbiParameter,
  type Address,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ARTIFACTS_DIR,
  DEVNET_ACCOUNTS,
  DEVNET_FUNDING,
  DEVNET_MAKER,
  DEVNET_MNEMONIC,
  DEVNET_TOKENS,
  MULTICALL3_ADDRESS,
  bytes32TokenAbi,
  compileContracts,
  createDevnetClients,
  multicall3Abi,
  setupDevnet,
  startAnvil,
  startDevnet,
  targetBalance,
  testErc20Abi,
  weth9Abi,
  type ContractArtifact,
} from '../../src/devnet/index.js';
import { withDevnet } from '../fixtures/devnet.js';
import { waitFor } from '../helpers/wait.js';

const devnet = withDevnet();
const [alice, bob, carol, dave, erin, frank] = DEVNET_ACCOUNTS;

/** A chain id no other devnet in this run uses, so `pgrep -f` can find exactly this anvil's processes. */
const uniqueChainId = () => 900_000 + Math.floor(Math.random() * 90_000);

function processesMatching(pattern: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', '--', pattern], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('devnet chain', () => {
  it('poses as Base: chain id 8453 from the node and in the description', async () => {
    expect(await devnet.publicClient.getChainId()).toBe(8453);
    expect(devnet.chainId).toBe(8453);
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('uses the well-known anvil accounts, whose keys match the mnemonic', async () => {
    // A wallet client without a local account asks the node (eth_accounts).
    const nodeAccounts = await createWalletClient({ transport: http(devnet.rpcUrl) }).getAddresses();
    expect(nodeAccounts.map((a) => a.toLowerCase())).toEqual(DEVNET_ACCOUNTS.map((a) => a.address.toLowerCase()));
    DEVNET_ACCOUNTS.forEach((account, i) => {
      const derived = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: i });
      expect(derived.address).toBe(account.address);
      expect(`0x${Buffer.from(derived.getHdKey().privateKey!).toString('hex')}`).toBe(account.privateKey);
    });
    expect(devnet.accounts).toEqual(DEVNET_ACCOUNTS);
    expect(devnet.maker).toEqual(DEVNET_ACCOUNTS[9]);
  });
});

describe('tokens at real Base addresses', () => {
  it('USDC and DAI report their real metadata through plain ERC-20 reads', async () => {
    const usdc = devnet.tokens.USDC.address;
    expect(usdc).toBe('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
    const read = devnet.publicClient.readContract;
    expect(await read({ address: usdc, abi: erc20Abi, functionName: 'symbol' })).toBe('USDC');
    expect(await read({ address: usdc, abi: erc20Abi, functionName: 'name' })).toBe('USD Coin');
    expect(await read({ address: usdc, abi: erc20Abi, functionName: 'decimals' })).toBe(6);

    const dai = devnet.tokens.DAI.address;
    expect(dai).toBe('0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb');
    expect(await read({ address: dai, abi: erc20Abi, functionName: 'symbol' })).toBe('DAI');
    expect(await read({ address: dai, abi: erc20Abi, functionName: 'name' })).toBe('Dai Stablecoin');
    expect(await read({ address: dai, abi: erc20Abi, functionName: 'decimals' })).toBe(18);
  });

  it('funds every account, and the maker with much more', async () => {
    const balanceOf = (token: Address, who: Address) =>
      devnet.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    expect(await balanceOf(devnet.tokens.USDC.address, alice.address)).toBe(parseUnits('1000000', 6));
    expect(await balanceOf(devnet.tokens.DAI.address, alice.address)).toBe(parseUnits('1000000', 18));
    expect(await balanceOf(devnet.tokens.USDC.address, DEVNET_MAKER.address)).toBe(parseUnits('1000000000', 6));
    expect(await balanceOf(devnet.tokens.DAI.address, DEVNET_MAKER.address)).toBe(parseUnits('1000000000', 18));
    expect(await balanceOf(devnet.tokens.WETH.address, DEVNET_MAKER.address)).toBe(parseUnits('1000', 18));
    expect(await devnet.publicClient.getBalance({ address: alice.address })).toBe(parseUnits('10000', 18));
  });

  it('transfer emits a standard Transfer log and moves the balance', async () => {
    const usdc = devnet.tokens.USDC.address;
    const amount = parseUnits('12.5', 6);
    const balance = (who: Address) => devnet.publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    const [aliceBefore, bobBefore] = await Promise.all([balance(alice.address), balance(bob.address)]);

    const hash = await devnet.walletClient(alice).writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [bob.address, amount],
    });
    const receipt = await devnet.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');

    const logs = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' });
    expect(logs).toHaveLength(1);
    expect(logs[0]!.address.toLowerCase()).toBe(usdc.toLowerCase());
    expect(logs[0]!.args).toEqual({ from: alice.address, to: bob.address, value: amount });
    expect(await balance(alice.address)).toBe(aliceBefore - amount);
    expect(await balance(bob.address)).toBe(bobBefore + amount);
  });

  it('approve + transferFrom spends the allowance; overspending reverts with ERC-6093 errors', async () => {
    const dai = devnet.tokens.DAI.address;
    const amount = parseUnits('250', 18);
    const approveHash = await devnet.walletClient(carol).writeContract({
      address: dai,
      abi: erc20Abi,
      functionName: 'approve',
      args: [dave.address, amount],
    });
    const approveReceipt = await devnet.publicClient.waitForTransactionReceipt({ hash: approveHash });
    const [approval] = parseEventLogs({ abi: erc20Abi, logs: approveReceipt.logs, eventName: 'Approval' });
    expect(approval!.args).toEqual({ owner: carol.address, spender: dave.address, value: amount });
    expect(await devnet.publicClient.readContract({ address: dai, abi: erc20Abi, functionName: 'allowance', args: [carol.address, dave.address] })).toBe(
      amount,
    );

    const erinBefore = await devnet.publicClient.readContract({ address: dai, abi: erc20Abi, functionName: 'balanceOf', args: [erin.address] });
    const hash = await devnet.walletClient(dave).writeContract({
      address: dai,
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [carol.address, erin.address, amount],
    });
    const receipt = await devnet.publicClient.waitForTransactionReceipt({ hash });
    const [transfer] = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' });
    expect(transfer!.args).toEqual({ from: carol.address, to: erin.address, value: amount });
    expect(await devnet.publicClient.readContract({ address: dai, abi: erc20Abi, functionName: 'allowance', args: [carol.address, dave.address] })).toBe(0n);
    expect(await devnet.publicClient.readContract({ address: dai, abi: erc20Abi, functionName: 'balanceOf', args: [erin.address] })).toBe(erinBefore + amount);

    const overspend = devnet.publicClient.simulateContract({
      account: dave.address,
      address: dai,
      abi: testErc20Abi,
      functionName: 'transferFrom',
      args: [carol.address, erin.address, 1n],
    });
    await expect(overspend).rejects.toSatisfy((err: unknown) => revertName(err) === 'ERC20InsufficientAllowance');
  });

  it('initialize is one-shot, so token metadata cannot be changed after setup', async () => {
    const attempt = devnet.publicClient.simulateContract({
      account: frank.address,
      address: devnet.tokens.USDC.address,
      abi: testErc20Abi,
      functionName: 'initialize',
      args: ['Fake', 'FAKE', 2],
    });
    await expect(attempt).rejects.toSatisfy((err: unknown) => revertName(err) === 'AlreadyInitialized');
  });

  it('bytes32 token: symbol() and name() return bytes32, which a string ABI cannot decode', async () => {
    const address = devnet.tokens.BYTES32.address;
    expect(address).toBe(DEVNET_TOKENS.BYTES32.address);
    const symbol = await devnet.publicClient.readContract({ address, abi: bytes32TokenAbi, functionName: 'symbol' });
    expect(symbol).toMatch(/^0x[0-9a-f]{64}$/);
    expect(hexToString(symbol, { size: 32 })).toBe('B32');
    const name = await devnet.publicClient.readContract({ address, abi: bytes32TokenAbi, functionName: 'name' });
    expect(hexToString(name, { size: 32 })).toBe('Bytes32 Test Token');
    expect(await devnet.publicClient.readContract({ address, abi: erc20Abi, functionName: 'decimals' })).toBe(18);

    // The raw return is exactly one word, not an ABI-encoded string (offset + length + data).
    const raw = await devnet.publicClient.call({ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }) });
    expect(raw.data).toBe(symbol);
    await expect(devnet.publicClient.readContract({ address, abi: erc20Abi, functionName: 'symbol' })).rejects.toThrow();
  });

  it('WETH at the Base predeploy wraps and unwraps ETH', async () => {
    const weth = devnet.tokens.WETH.address;
    expect(weth).toBe('0x4200000000000000000000000000000000000006');
    expect(await devnet.publicClient.readContract({ address: weth, abi: erc20Abi, functionName: 'symbol' })).toBe('WETH');
    const wallet = devnet.walletClient(frank);
    const before = await devnet.publicClient.readContract({ address: weth, abi: weth9Abi, functionName: 'balanceOf', args: [frank.address] });
    const deposit = await wallet.writeContract({ address: weth, abi: weth9Abi, functionName: 'deposit', value: parseUnits('1', 18) });
    const receipt = await devnet.publicClient.waitForTransactionReceipt({ hash: deposit });
    expect(parseEventLogs({ abi: weth9Abi, logs: receipt.logs, eventName: 'Deposit' })[0]!.args).toEqual({
      dst: frank.address,
      wad: parseUnits('1', 18),
    });
    expect(await devnet.publicClient.readContract({ address: weth, abi: weth9Abi, functionName: 'balanceOf', args: [frank.address] })).toBe(
      before + parseUnits('1', 18),
    );
    const withdraw = await wallet.writeContract({ address: weth, abi: weth9Abi, functionName: 'withdraw', args: [parseUnits('1', 18)] });
    expect((await devnet.publicClient.waitForTransactionReceipt({ hash: withdraw })).status).toBe('success');
    expect(await devnet.publicClient.readContract({ address: weth, abi: weth9Abi, functionName: 'balanceOf', args: [frank.address] })).toBe(before);
  });
});

describe('Multicall3', () => {
  it('viem multicall (aggregate3) batches reads, including a failing one', async () => {
    const { USDC, DAI } = devnet.tokens;
    const results = await devnet.publicClient.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      contracts: [
        { address: USDC.address, abi: erc20Abi, functionName: 'symbol' },
        { address: DAI.address, abi: erc20Abi, functionName: 'decimals' },
        { address: USDC.address, abi: erc20Abi, functionName: 'balanceOf', args: [DEVNET_MAKER.address] },
        { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getEthBalance', args: [alice.address] },
        // No code at this address: the call "succeeds" with empty data, which viem must report as a failure.
        { address: '0x000000000000000000000000000000000000dEaD', abi: erc20Abi, functionName: 'symbol' },
      ],
    });
    expect(results.slice(0, 4)).toEqual([
      { status: 'success', result: 'USDC' },
      { status: 'success', result: 18 },
      { status: 'success', result: parseUnits('1000000000', 6) },
      { status: 'success', result: await devnet.publicClient.getBalance({ address: alice.address }) },
    ]);
    expect(results[4]!.status).toBe('failure');
  });

  it('implements the rest of the canonical interface', async () => {
    const read = devnet.publicClient.readContract;
    expect(await read({ address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getChainId' })).toBe(8453n);
    expect(await read({ address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getBlockNumber' })).toBe(await devnet.publicClient.getBlockNumber());
    const { result } = await devnet.publicClient.simulateContract({
      address: MULTICALL3_ADDRESS,
      abi: multicall3Abi,
      functionName: 'aggregate',
      args: [[{ target: devnet.tokens.USDC.address, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }) }]],
    });
    expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: result[1][0]! })).toBe(6);
  });
});

describe('setupDevnet', () => {
  it('is idempotent: a second run sends nothing and changes nothing', async () => {
    // Earlier tests moved tokens around; this run tops those balances up, the next must have nothing to do.
    await setupDevnet(devnet.rpcUrl);
    const blockBefore = await devnet.publicClient.getBlockNumber();
    const makerUsdc = () =>
      devnet.publicClient.readContract({ address: devnet.tokens.USDC.address, abi: erc20Abi, functionName: 'balanceOf', args: [DEVNET_MAKER.address] });
    const before = await makerUsdc();
    const again = await setupDevnet(devnet.rpcUrl);
    expect(await devnet.publicClient.getBlockNumber()).toBe(blockBefore);
    expect(await makerUsdc()).toBe(before);
    expect(again.tokens).toEqual(devnet.tokens);
  });

  it('tops drained balances back up to their targets', async () => {
    const usdc = devnet.tokens.USDC.address;
    const drain = await devnet.walletClient(frank).writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [bob.address, parseUnits('1000', 6)],
    });
    await devnet.publicClient.waitForTransactionReceipt({ hash: drain });
    await setupDevnet(devnet.rpcUrl);
    expect(await devnet.publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [frank.address] })).toBe(
      targetBalance(DEVNET_TOKENS.USDC, frank),
    );
    expect(targetBalance(DEVNET_TOKENS.USDC, frank)).toBe(DEVNET_FUNDING.tokensPerAccount * 10n ** 6n);
  });

  it('works under interval mining (--block-time) without waiting for blocks', async () => {
    const started = Date.now();
    const slow = await startDevnet({ blockTime: 5, chainId: uniqueChainId() });
    try {
      expect(Date.now() - started).toBeLessThan(5_000);
      const { publicClient } = createDevnetClients(slow.rpcUrl, { chainId: slow.chainId });
      expect(await publicClient.readContract({ address: slow.tokens.USDC.address, abi: erc20Abi, functionName: 'balanceOf', args: [alice.address] })).toBe(
        targetBalance(DEVNET_TOKENS.USDC, alice),
      );
    } finally {
      await slow.stop();
    }
  });
});

describe('compiled artifacts', () => {
  it('are cached on disk under a source hash', async () => {
    const artifacts = await compileContracts();
    const files = (await readdir(DEFAULT_ARTIFACTS_DIR)).filter((f) => /^[0-9a-f]{32}\.json$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    // The runtime placed on chain is the cached one.
    const code = await devnet.publicClient.getCode({ address: devnet.tokens.USDC.address });
    expect(code).toBe(artifacts.TestERC20.deployedBytecode);
  });

  it('recompile into an empty cache directory', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'devnet-artifacts-'));
    try {
      const fresh = await compileContracts({ cacheDir });
      expect(await readdir(cacheDir)).toHaveLength(1);
      expect(fresh.Multicall3.deployedBytecode).toBe((await compileContracts()).Multicall3.deployedBytecode);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('match the typed ABIs exported for viem', async () => {
    const artifacts = await compileContracts();
    const pairs: [ContractArtifact, Abi][] = [
      [artifacts.TestERC20, testErc20Abi],
      [artifacts.Bytes32SymbolToken, bytes32TokenAbi],
      [artifacts.WETH9, weth9Abi],
      [artifacts.Multicall3, multicall3Abi],
    ];
    for (const [artifact, typed] of pairs) expect(signatures(typed)).toEqual(signatures(artifact.abi));
  });
});

describe('anvil process lifecycle', () => {
  it('stop() leaves no process behind', async () => {
    const chainId = uniqueChainId();
    const anvil = await startAnvil({ chainId });
    await waitFor(() => processesMatching(`--chain-id ${chainId}`).length >= 1, { what: 'the anvil process' });
    expect(isAlive(anvil.pid)).toBe(true);

    await anvil.stop();
    expect(isAlive(anvil.pid)).toBe(false);
    // Neither anvil nor its watchdog shell (both carry the flag on their command line) survives.
    expect(processesMatching(`--chain-id ${chainId}`)).toEqual([]);
    await anvil.stop(); // second call is a no-op
  });

  it('anvil dies with its parent even when the parent is SIGKILLed', async () => {
    const chainId = uniqueChainId();
    const dir = await mkdtemp(path.join(tmpdir(), 'devnet-orphan-'));
    const script = path.join(dir, 'start.mts');
    const anvilModule = pathToFileURL(fileURLToPath(new URL('../../src/devnet/anvil.ts', import.meta.url))).href;
    await writeFile(
      script,
      `import { startAnvil } from ${JSON.stringify(anvilModule)};\n` +
        `const a = await startAnvil({ chainId: ${chainId} });\n` +
        `console.log('PID ' + a.pid);\n` +
        `setInterval(() => {}, 1_000);\n`,
    );
    const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const pid = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /PID (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`child exited early (${code})`)));
      });
      expect(isAlive(pid)).toBe(true);
      child.kill('SIGKILL');
      await waitFor(() => !isAlive(pid), { what: `process ${pid} to exit` });
      await waitFor(() => processesMatching(`--chain-id ${chainId}`).length === 0, { what: 'no anvil left' });
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('a failed start (port taken) rejects with anvil output and leaks nothing', async () => {
    const first = await startAnvil({ chainId: uniqueChainId() });
    const chainId = uniqueChainId();
    try {
      await expect(startAnvil({ port: first.port, chainId })).rejects.toThrow(/anvil failed to start[\s\S]*anvil output/);
      expect(processesMatching(`--chain-id ${chainId}`)).toEqual([]);
    } finally {
      await first.stop();
    }
  });
});

function revertName(err: unknown): string | undefined {
  if (!(err instanceof BaseError)) return undefined;
  const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined;
}

/** Interface of an ABI as comparable strings: parameter names and internalType are ignored, types are not. */
function signatures(abi: Abi): string[] {
  const type = (p: AbiParameter): string =>
    p.type.startsWith('tuple') && 'components' in p ? `(${p.components.map(type).join(',')})${p.type.slice('tuple'.length)}` : p.type;
  return abi
    .flatMap((item) => {
      if (item.type === 'function') {
        return `function ${item.name}(${item.inputs.map(type)}) ${item.stateMutability} returns (${item.outputs.map(type)})`;
      }
      if (item.type === 'event') {
        return `event ${item.name}(${item.inputs.map((i) => `${type(i)}${i.indexed ? ' indexed' : ''}`)})`;
      }
      if (item.type === 'error') return `error ${item.name}(${item.inputs.map(type)})`;
      return [];
    })
    .sort();
}
