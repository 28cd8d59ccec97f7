import { randomFillSync } from 'node:crypto';

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A source of random bytes: `next()` gives one byte, `done()` ends one string. */
interface ByteSource {
  next(): number;
  done(): void;
}

/**
 * Secrets (API keys): bytes drawn for this string alone, then zeroed, so the raw bytes behind a secret are
 * not left in a long-lived buffer.
 */
function secretBytes(): ByteSource {
  const pool = new Uint8Array(64);
  let pos = pool.length;
  return {
    next() {
      if (pos === pool.length) {
        randomFillSync(pool);
        pos = 0;
      }
      return pool[pos++];
    },
    done: () => void pool.fill(0),
  };
}

/**
 * Ids (not secrets, though unguessable): bytes from a 4 KiB buffer refilled when used up, as Node's own
 * randomUUID does, instead of one getrandom system call per id (ids are made on every quote). A byte is
 * handed out once; used bytes are zeroed.
 */
const idPool = new Uint8Array(4096);
let idPos = idPool.length;
const idBytes: ByteSource = {
  next() {
    if (idPos === idPool.length) {
      randomFillSync(idPool);
      idPos = 0;
    }
    const b = idPool[idPos];
    idPool[idPos++] = 0;
    return b;
  },
  done() {},
};

/** Base62 characters carrying `bits` of randomness (rejection sampling, so no modulo bias). */
function base62(bits: number, src: ByteSource): string {
  const length = Math.ceil(bits / Math.log2(62));
  let out = '';
  while (out.length < length) {
    const b = src.next();
    if (b < 248) out += BASE62_ALPHABET[b % 62];
  }
  src.done();
  return out;
}

/** Random base62 string for secrets; 128 bits unless told otherwise. */
export const randomBase62 = (bits = 128): string => base62(bits, secretBytes());

/** Random base62 string for ids, from the buffered pool; 128 bits unless told otherwise. */
export const idBase62 = (bits = 128): string => base62(bits, idBytes);

/** Resource id such as `evt_3J…`; 128 bits of randomness unless told otherwise. */
export const newId = (prefix: string, bits = 128) => `${prefix}_${idBase62(bits)}`;
