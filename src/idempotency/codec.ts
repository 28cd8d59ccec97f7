/**
 * Stores a GraphQL mutation's result (the payload object its resolver returned, before field resolvers run) as
 * JSON and gives it back with the same types: Dates, bigints and Buffers are tagged, and a plain object that
 * happens to have a `$t` member is wrapped, so no stored value (e.g. a merchant's metadata) is ever mistaken for
 * a tag. `undefined` members are left out, as JSON does. Anything else than plain data (functions, class
 * instances other than those) is refused: such a result cannot be replayed faithfully.
 */
type Tagged = null | boolean | number | string | Tagged[] | { [k: string]: Tagged };

export function encodeResult(value: unknown): string {
  return JSON.stringify(encode(value, '$'));
}

export function decodeResult(text: string): unknown {
  return decode(JSON.parse(text) as Tagged);
}

function encode(v: unknown, path: string): Tagged {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'boolean':
    case 'string':
      return v;
    case 'number':
      if (!Number.isFinite(v)) return { $t: 'num', v: String(v) };
      return v;
    case 'bigint':
      return { $t: 'bigint', v: v.toString() };
    case 'object':
      break;
    default:
      throw new TypeError(`cannot store a ${typeof v} at ${path}`);
  }
  if (Array.isArray(v)) return v.map((x, i) => encode(x, `${path}[${i}]`));
  if (v instanceof Date) return { $t: 'date', v: Number.isNaN(v.getTime()) ? null : v.toISOString() };
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { $t: 'bytes', v: Buffer.from(v as Uint8Array).toString('base64') };
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw new TypeError(`cannot store a ${proto?.constructor?.name ?? 'class instance'} at ${path}`);
  const out: Record<string, Tagged> = {};
  for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = encode(x, `${path}.${k}`);
  return '$t' in out ? { $t: 'obj', v: out } : out;
}

function decode(v: Tagged): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(decode);
  if (typeof v.$t === 'string') {
    switch (v.$t) {
      case 'date':
        return new Date(v.v === null ? NaN : (v.v as string));
      case 'bigint':
        return BigInt(v.v as string);
      case 'bytes':
        return Buffer.from(v.v as string, 'base64');
      case 'num':
        return Number(v.v);
      case 'obj':
        return decodeObject(v.v as Record<string, Tagged>);
    }
  }
  return decodeObject(v);
}

function decodeObject(o: Record<string, Tagged>) {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) out[k] = decode(x);
  return out;
}
