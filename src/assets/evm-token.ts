import { decodeAbiParameters, decodeFunctionResult, encodeFunctionData, hexToString, multicall3Abi, parseAbi, size, type Hex, type PublicClient } from 'viem';
import { MULTICALL3_ADDRESS } from './rpc.js';

const erc20Meta = parseAbi(['function symbol() view returns (string)', 'function name() view returns (string)', 'function decimals() view returns (uint8)']);
const SYMBOL = encodeFunctionData({ abi: erc20Meta, functionName: 'symbol' });
const NAME = encodeFunctionData({ abi: erc20Meta, functionName: 'name' });
const DECIMALS = encodeFunctionData({ abi: erc20Meta, functionName: 'decimals' });

/**
 * An ERC-20 text field: ABI `string`, or `bytes32` as old tokens such as MKR return (right-padded with NULs).
 * Undefined when the answer is neither.
 */
export function decodeTokenText(data: Hex | undefined): string | undefined {
  if (!data || data === '0x') return undefined;
  if (size(data) === 32) {
    const s = hexToString(data).replace(/\0+$/, '');
    // A 32-byte answer could also be an (invalid) string head; bytes32 text never contains NULs mid-way.
    return s.includes('\0') ? undefined : clean(s);
  }
  try {
    const [s] = decodeAbiParameters([{ type: 'string' }], data);
    return clean(s);
  } catch {
    return undefined;
  }
}

const clean = (s: string) => s.replace(/[^\P{Cc}\u0080-\u009f]/gu, '').trim() || undefined;

export function decodeDecimals(data: Hex | undefined): number | undefined {
  if (!data || size(data) !== 32) return undefined;
  const v = BigInt(data);
  return v <= 255n ? Number(v) : undefined;
}

export interface Erc20Metadata {
  symbol: string;
  name: string;
  decimals: number;
}

/** The pure decision: what the three answers say, or null when the address is not an ERC-20 token. */
export function interpretErc20(answers: { symbol?: Hex; name?: Hex; decimals?: Hex }): Erc20Metadata | null {
  const decimals = decodeDecimals(answers.decimals);
  const symbol = decodeTokenText(answers.symbol);
  if (decimals === undefined || symbol === undefined) return null;
  return { symbol, name: decodeTokenText(answers.name) ?? symbol, decimals };
}

/**
 * Reads symbol, name and decimals in ONE eth_call through Multicall3 `aggregate3` (each call may fail on its own;
 * an address without code answers success with empty data). Where Multicall3 is not deployed the three calls go
 * out as raw eth_calls, which the transport still packs into one HTTP request.
 */
export async function readErc20Metadata(client: PublicClient, token: Hex): Promise<Erc20Metadata | null> {
  const calls = [SYMBOL, NAME, DECIMALS].map((callData) => ({ target: token, allowFailure: true, callData }));
  let results: readonly { success: boolean; returnData: Hex }[];
  const raw = await client.request({
    method: 'eth_call',
    params: [{ to: MULTICALL3_ADDRESS, data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }) }, 'latest'],
  });
  if (raw && raw !== '0x') {
    results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: raw });
  } else {
    const settled = await Promise.allSettled(calls.map((c) => client.request({ method: 'eth_call', params: [{ to: token, data: c.callData }, 'latest'] })));
    results = settled.map((s) =>
      s.status === 'fulfilled' ? { success: true, returnData: (s.value ?? '0x') as Hex } : { success: false, returnData: '0x' as Hex },
    );
  }
  const pick = (i: number) => (results[i]?.success ? results[i]!.returnData : undefined);
  return interpretErc20({ symbol: pick(0), name: pick(1), decimals: pick(2) });
}
