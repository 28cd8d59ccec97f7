import { createPublicKey, verify } from 'node:crypto';
import bs58 from 'bs58';

/**
 * Sign-In With Solana signatures: ed25519 (RFC 8032) over the exact UTF-8 bytes of the stored message, checked
 * with Node's own ed25519 (OpenSSL; strict RFC 8032 verification, no dependency to keep up to date).
 *
 * A signature arrives as text, in one of two encodings (docs/accounts.md):
 * - base58 (what Solana tools print, `bs58.encode(signature)`), or
 * - standard base64 with its padding (`Buffer.from(signature).toString('base64')`: 88 characters ending in `==`).
 * The padding tells them apart: `=` is not a base58 character, and an unpadded base64 string could read as either.
 * Either must decode to exactly 64 bytes. Returns null when the text is neither.
 */
export function decodeSolanaSignature(text: string): Uint8Array | null {
  let bytes: Uint8Array;
  if (text.includes('=')) {
    if (!/^[A-Za-z0-9+/]{86}==$/.test(text)) return null;
    bytes = Buffer.from(text, 'base64');
  } else {
    if (!/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(text)) return null;
    try {
      bytes = bs58.decode(text);
    } catch {
      return null;
    }
  }
  return bytes.length === 64 ? bytes : null;
}

/** Whether `signature` (64 bytes) is the ed25519 signature of `message`'s UTF-8 bytes by the base58 `publicKey`. */
export function verifySolanaSignature(message: string, signature: Uint8Array, publicKey: string): boolean {
  try {
    const raw = bs58.decode(publicKey);
    if (raw.length !== 32 || signature.length !== 64) return false;
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' });
    return verify(null, Buffer.from(message, 'utf8'), key, signature);
  } catch {
    // A key that is not a point on the curve, or any other refusal of the input: not a valid signature.
    return false;
  }
}
