import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Operator bearer tokens (ADMIN_TOKEN), pure. Each configured secret is kept only as its SHA-256; a presented token
 * is hashed and compared with every configured digest by `timingSafeEqual`, all of them every time, so neither the
 * answer's timing nor an early exit tells which token or how much of one matched.
 */
export interface AdminToken {
  /** Who the audit log records for writes made with this token. */
  name: string;
  digest: Buffer;
}

/** The operator a request was authenticated as (the token's name). */
export interface AdminActor {
  name: string;
}

const MIN_SECRET = 32;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** `name:secret,name2:secret2` or bare secrets; throws with a message naming the problem (never the secret). */
export function parseAdminTokens(raw: string): AdminToken[] {
  const parts = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) throw new Error('ADMIN_TOKEN: give at least one token');
  const tokens: AdminToken[] = [];
  for (const [i, part] of parts.entries()) {
    const colon = part.indexOf(':');
    const named = colon > 0 && NAME.test(part.slice(0, colon));
    const secret = named ? part.slice(colon + 1) : part;
    if (secret.length < MIN_SECRET) throw new Error(`ADMIN_TOKEN: token ${i + 1} is shorter than ${MIN_SECRET} characters`);
    if (/\s/.test(secret)) throw new Error(`ADMIN_TOKEN: token ${i + 1} contains whitespace`);
    const digest = sha256(secret);
    const name = named ? part.slice(0, colon) : `token-${digest.subarray(0, 4).toString('hex')}`;
    if (tokens.some((t) => t.name === name)) throw new Error(`ADMIN_TOKEN: the name ${name} is used twice`);
    tokens.push({ name, digest });
  }
  return tokens;
}

/** The `Authorization: Bearer <token>` value's token, or undefined (any other scheme, or none). */
export function bearerToken(header: string | undefined): string | undefined {
  const m = header ? /^Bearer[ ]+([^\s]+)\s*$/i.exec(header) : null;
  return m?.[1];
}

/** The actor whose token this is, or null. Every configured digest is compared, in constant time each. */
export function matchAdminToken(tokens: readonly AdminToken[], presented: string | undefined): AdminActor | null {
  const digest = sha256(presented ?? '');
  let found: AdminToken | null = null;
  for (const t of tokens) if (timingSafeEqual(t.digest, digest) && presented !== undefined) found = t;
  return found ? { name: found.name } : null;
}
