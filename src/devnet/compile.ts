import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

/**
 * Compiles the devnet's Solidity sources (`contracts/*.sol`) with the `solc` npm package and caches the
 * artifacts under `.data/devnet-artifacts/<key>.json`. The key hashes the sources, the compiler version and
 * the settings, so an edit to any of them recompiles and an unchanged tree loads in milliseconds instead of
 * the ~1-2 s solc-js needs.
 */

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONTRACTS_DIR = path.join(PROJECT_ROOT, 'contracts');
export const DEFAULT_ARTIFACTS_DIR = path.join(PROJECT_ROOT, '.data', 'devnet-artifacts');

/** Contracts the devnet installs; each must be defined in `contracts/<Name>.sol`. */
const DEVNET_CONTRACTS = [
  'TestERC20',
  'Bytes32SymbolToken',
  'Multicall3',
  'WETH9',
  'UsdtLikeToken',
  'CallsDispatcher',
  'TestVault4626',
  'NativeVault',
  'OwnerWallet',
  'OwnerWalletFactory',
] as const;
type DevnetContractName = (typeof DEVNET_CONTRACTS)[number];

export interface ContractArtifact {
  abi: Abi;
  /** Creation bytecode (constructor + runtime); for deploying with a transaction. */
  bytecode: Hex;
  /** Runtime bytecode; what `anvil_setCode` needs, since setCode never runs a constructor. */
  deployedBytecode: Hex;
}

export type DevnetArtifacts = Record<DevnetContractName, ContractArtifact>;

export interface CompileOptions {
  /** Where cached artifacts live; default `<project>/.data/devnet-artifacts`. */
  cacheDir?: string;
  /** Directory holding the `.sol` sources; default `<project>/contracts`. */
  contractsDir?: string;
}

interface CacheFile {
  key: string;
  solcVersion: string;
  contracts: DevnetArtifacts;
}

// Cancun is supported by every hardfork anvil offers and by Base; pinning it keeps the bytecode identical
// whatever default a future solc picks.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

const require = createRequire(import.meta.url);
// solc's package.json version equals the compiler it bundles; reading it avoids loading the 8 MB compiler
// just to compute the cache key.
const SOLC_VERSION: string = (require('solc/package.json') as { version: string }).version;

const memo = new Map<string, Promise<DevnetArtifacts>>();

/** Returns the compiled devnet contracts, compiling only when the cache has no entry for the current sources. */
export function compileContracts(options: CompileOptions = {}): Promise<DevnetArtifacts> {
  const cacheDir = options.cacheDir ?? DEFAULT_ARTIFACTS_DIR;
  const contractsDir = options.contractsDir ?? CONTRACTS_DIR;
  const memoKey = `${cacheDir}\0${contractsDir}`;
  let pending = memo.get(memoKey);
  if (!pending) {
    pending = load(cacheDir, contractsDir);
    // A failure must not stick: the next call (e.g. after fixing a source) should try again.
    pending.catch(() => memo.delete(memoKey));
    memo.set(memoKey, pending);
  }
  return pending;
}

async function load(cacheDir: string, contractsDir: string): Promise<DevnetArtifacts> {
  const sources = await readSources(contractsDir);
  const key = createHash('sha256')
    .update(JSON.stringify({ solc: SOLC_VERSION, settings: SETTINGS, sources }))
    .digest('hex')
    .slice(0, 32);
  const file = path.join(cacheDir, `${key}.json`);

  try {
    const cached = JSON.parse(await readFile(file, 'utf8')) as CacheFile;
    if (cached.key === key && DEVNET_CONTRACTS.every((name) => cached.contracts[name]?.deployedBytecode)) {
      return cached.contracts;
    }
  } catch {
    // Missing or unreadable cache entry: compile below and overwrite it.
  }

  const contracts = await compile(sources);
  await mkdir(cacheDir, { recursive: true });
  // Write-then-rename so parallel test workers never read a half-written file.
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, JSON.stringify({ key, solcVersion: SOLC_VERSION, contracts } satisfies CacheFile));
  await rename(tmp, file);
  return contracts;
}

async function readSources(dir: string): Promise<Record<string, { content: string }>> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sol')).sort();
  const sources: Record<string, { content: string }> = {};
  for (const name of names) sources[name] = { content: await readFile(path.join(dir, name), 'utf8') };
  return sources;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}

async function compile(sources: Record<string, { content: string }>): Promise<DevnetArtifacts> {
  // Loaded lazily: importing solc-js costs ~0.5 s, paid only on a cache miss.
  const solc = (await import('solc')).default;
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  // Every source is passed in, so imports never need the filesystem; refuse them to keep builds hermetic.
  const findImports = (p: string) => ({ error: `import not found: ${p} (only contracts/*.sol are available)` });
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;

  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }

  const result = {} as DevnetArtifacts;
  for (const name of DEVNET_CONTRACTS) {
    const compiled = output.contracts?.[`${name}.sol`]?.[name];
    if (!compiled) throw new Error(`Solidity compilation produced no contract ${name} (expected in ${name}.sol)`);
    result[name] = {
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    };
  }
  return result;
}
