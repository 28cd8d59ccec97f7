import { createHash } from 'node:crypto';
import { randomBase62 } from '../ids.js';

export type Mode = 'test' | 'live';

/** `<brand>_<mode>_<secret>`: 32 base62 characters carry ~190 bits, well over the 128 required. */
export function generateApiKey(brand: string, mode: Mode): { key: string; prefix: string; hash: string } {
  const key = `${brand}_${mode}_${randomBase62(190)}`;
  return { key, prefix: key.slice(0, brand.length + mode.length + 6), hash: hashApiKey(key) };
}

/** Keys are stored only as this hash. A fast hash is right here: the secret has 190 random bits. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Reads the mode out of a key's prefix; undefined when it is not one of ours. */
export function parseApiKey(brand: string, key: string): { mode: Mode } | undefined {
  const m = new RegExp(`^${brand}_(test|live)_[0-9A-Za-z]{20,64}$`).exec(key);
  return m ? { mode: m[1] as Mode } : undefined;
}
