import { PublicKey, type Connection } from '@solana/web3.js';
import { metaplexMetadataAddress, parseMetaplexMetadata, parseMintAccount, type ParsedMint } from './solana-mint.js';

const CHUNK = 100; // getMultipleAccounts limit

/** Reads mint accounts in batches of 100; null for addresses that are not mints. */
export async function readMints(conn: Connection, mints: string[]): Promise<Map<string, ParsedMint | null>> {
  const out = new Map<string, ParsedMint | null>();
  for (let i = 0; i < mints.length; i += CHUNK) {
    const chunk = mints.slice(i, i + CHUNK);
    const infos = await conn.getMultipleAccountsInfo(chunk.map((m) => new PublicKey(m)));
    chunk.forEach((m, j) => {
      const info = infos[j];
      out.set(m, info ? parseMintAccount(info.owner.toBase58(), info.data) : null);
    });
  }
  return out;
}

export interface MintNames {
  name: string;
  symbol: string;
}

/**
 * Names for mints that lack the Token-2022 metadata extension: the Metaplex metadata accounts (one batched
 * read), then a token search for whatever is still unnamed.
 */
export async function nameMints(
  conn: Connection,
  mints: Map<string, ParsedMint>,
  search: (mints: string[]) => Promise<Map<string, MintNames>>,
): Promise<Map<string, MintNames>> {
  const out = new Map<string, MintNames>();
  const missing: string[] = [];
  for (const [mint, parsed] of mints) {
    if (parsed.metadata?.symbol) out.set(mint, parsed.metadata);
    else missing.push(mint);
  }
  if (missing.length) {
    const pdas = missing.map(metaplexMetadataAddress);
    for (let i = 0; i < pdas.length; i += CHUNK) {
      const infos = await conn.getMultipleAccountsInfo(pdas.slice(i, i + CHUNK).map((p) => new PublicKey(p)));
      infos.forEach((info, j) => {
        const meta = info ? parseMetaplexMetadata(info.data) : null;
        if (meta?.symbol) out.set(missing[i + j]!, meta);
      });
    }
  }
  const stillMissing = missing.filter((m) => !out.has(m));
  if (stillMissing.length) {
    try {
      for (const [m, n] of await search(stillMissing)) if (n.symbol) out.set(m, n);
    } catch {
      // The search is a best effort; the caller names unknown mints itself.
    }
  }
  return out;
}
