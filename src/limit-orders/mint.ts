import type { Connection } from '@solana/web3.js';
import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '../assets/service.js';

/** Token-2022 mints: base state padded to 165 bytes, an account-type byte (1 = mint), then TLV extensions. */
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
/** The TransferFeeConfig extension: every transfer of the token pays a fee, which limit orders cannot carry. */
const EXTENSION_TRANSFER_FEE_CONFIG = 1;

/** Whether a mint account (owner + data) is a Token-2022 mint with the transfer-fee extension. */
function hasTransferFee(owner: string, data: Uint8Array): boolean {
  if (owner !== TOKEN_2022_PROGRAM_ID || data.length <= ACCOUNT_TYPE_OFFSET || data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT) return false;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let off = ACCOUNT_TYPE_OFFSET + 1;
  while (off + 4 <= data.length) {
    const type = view.getUint16(off, true);
    const len = view.getUint16(off + 2, true);
    if (type === 0 && len === 0) break;
    if (type === EXTENSION_TRANSFER_FEE_CONFIG) return true;
    off += 4 + len;
  }
  return false;
}

/** Reads the mints; the ones with a transfer fee. An RPC failure answers none (the provider refuses them too). */
export async function transferFeeMints(conn: Connection, mints: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const infos = await conn.getMultipleAccountsInfo(mints.map((m) => new PublicKey(m)));
  infos.forEach((info, i) => {
    if (info && hasTransferFee(info.owner.toBase58(), info.data)) out.add(mints[i]);
  });
  return out;
}
