import { PublicKey } from '@solana/web3.js';

export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const METAPLEX_METADATA_PROGRAM_ID = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';

/** Byte layout of an SPL mint (same in Token and Token-2022): 82 bytes of base state. */
const MINT_SIZE = 82;
const DECIMALS_OFFSET = 44;
const INITIALIZED_OFFSET = 45;
/** Token-2022 pads the base state to the token-account size, then an account-type byte, then TLV extensions. */
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const EXTENSION_TOKEN_METADATA = 19;

export interface ParsedMint {
  decimals: number;
  program: 'token' | 'token-2022';
  /** From the Token-2022 TokenMetadata extension, when present. */
  metadata?: { name: string; symbol: string };
}

/**
 * Reads a mint account's data; null when the account is not an initialised mint of either token program
 * (a wallet, a token account, a program, anything else).
 */
export function parseMintAccount(owner: string, data: Uint8Array): ParsedMint | null {
  const program = owner === TOKEN_PROGRAM_ID ? 'token' : owner === TOKEN_2022_PROGRAM_ID ? 'token-2022' : null;
  if (!program || data.length < MINT_SIZE) return null;
  if (program === 'token' && data.length !== MINT_SIZE) return null;
  if (program === 'token-2022' && data.length !== MINT_SIZE) {
    // Extended Token-2022 accounts: mint only when the account-type byte says so (token accounts say 2).
    if (data.length <= ACCOUNT_TYPE_OFFSET || data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT) return null;
  }
  if (data[INITIALIZED_OFFSET] !== 1) return null;
  const out: ParsedMint = { decimals: data[DECIMALS_OFFSET]!, program };
  if (program === 'token-2022' && data.length > ACCOUNT_TYPE_OFFSET + 1) {
    const ext = findExtension(data, EXTENSION_TOKEN_METADATA);
    if (ext) out.metadata = parseTokenMetadataExtension(ext) ?? undefined;
  }
  return out;
}

function findExtension(data: Uint8Array, type: number): Uint8Array | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let off = ACCOUNT_TYPE_OFFSET + 1;
  while (off + 4 <= data.length) {
    const t = view.getUint16(off, true);
    const len = view.getUint16(off + 2, true);
    if (t === 0 && len === 0) break; // uninitialised tail
    if (off + 4 + len > data.length) break;
    if (t === type) return data.subarray(off + 4, off + 4 + len);
    off += 4 + len;
  }
  return undefined;
}

/** Borsh string (u32 length + UTF-8) at `off`; returns the string and the next offset. */
function borshString(data: Uint8Array, off: number): [string, number] | null {
  if (off + 4 > data.length) return null;
  const len = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(off, true);
  if (off + 4 + len > data.length) return null;
  const s = Buffer.from(data.subarray(off + 4, off + 4 + len))
    .toString('utf8')
    .replace(/\0+$/g, '')
    .trim();
  return [s, off + 4 + len];
}

/** TokenMetadata extension: update authority (32), mint (32), name, symbol, uri, additional metadata. */
function parseTokenMetadataExtension(value: Uint8Array): { name: string; symbol: string } | null {
  const name = borshString(value, 64);
  if (!name) return null;
  const symbol = borshString(value, name[1]);
  if (!symbol) return null;
  return { name: name[0], symbol: symbol[0] };
}

/** Metaplex metadata account: key (1), update authority (32), mint (32), name, symbol, uri (NUL-padded). */
export function parseMetaplexMetadata(data: Uint8Array): { name: string; symbol: string } | null {
  if (data.length < 65 || data[0] !== 4) return null; // Key::MetadataV1
  const name = borshString(data, 65);
  if (!name) return null;
  const symbol = borshString(data, name[1]);
  if (!symbol) return null;
  return { name: name[0], symbol: symbol[0] };
}

export function metaplexMetadataAddress(mint: string): string {
  const program = new PublicKey(METAPLEX_METADATA_PROGRAM_ID);
  return PublicKey.findProgramAddressSync([Buffer.from('metadata'), program.toBuffer(), new PublicKey(mint).toBuffer()], program)[0].toBase58();
}
