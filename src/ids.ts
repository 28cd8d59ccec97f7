import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 string carrying `bits` of randomness (rejection sampling, so no modulo bias). */
export function randomBase62(bits = 128): string {
  const length = Math.ceil(bits / Math.log2(62));
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

/** Resource id such as `evt_3J…`; 128 bits of randomness unless told otherwise. */
export const newId = (prefix: string, bits = 128) => `${prefix}_${randomBase62(bits)}`;
