import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Reused for every id (ids are made on every quote; the function is synchronous, so no sharing between calls). */
const pool = new Uint8Array(256);

/** Base62 string carrying `bits` of randomness (rejection sampling, so no modulo bias). */
export function randomBase62(bits = 128): string {
  const length = Math.ceil(bits / Math.log2(62));
  let out = '';
  while (out.length < length) {
    const n = Math.min(pool.length, (length - out.length) * 2);
    randomFillSync(pool, 0, n);
    for (let i = 0; i < n && out.length < length; i++) {
      if (pool[i] < 248) out += ALPHABET[pool[i] % 62];
    }
  }
  pool.fill(0); // the raw bytes behind a secret (API keys) are not left in a long-lived buffer
  return out;
}

/** Resource id such as `evt_3J…`; 128 bits of randomness unless told otherwise. */
export const newId = (prefix: string, bits = 128) => `${prefix}_${randomBase62(bits)}`;
