import type { KeyAuth } from '../accounts/service.js';

/** A request carrying an idempotency key, as the store compares it. */
export interface IdempotentRequest {
  scope: string;
  key: string;
  operation: string;
  fingerprint: string;
  requestId: string;
}

/** What is stored under (scope, key). */
export interface StoredKey {
  operation: string;
  fingerprint: string;
  state: 'in_progress' | 'completed';
  expiresAt: Date;
}

export type ConflictReason = 'operation' | 'parameters' | 'in_progress';

export type Decision =
  /** The stored row is past its 24 hours: it is dropped and the request runs as if the key were new. */
  | { kind: 'expired' }
  /** The first request finished: send its response again. */
  | { kind: 'replay' }
  /** The first request is still running (or died): wait for it, then decide again. */
  | { kind: 'wait' }
  | { kind: 'conflict'; reason: Exclude<ConflictReason, 'in_progress'> };

/** Keys live this long from their first request. */
export const KEY_TTL_MS = 24 * 3600 * 1000;

/**
 * How a request is answered when its key is already stored. Another operation or other parameters are a
 * conflict whatever the state (waiting would not help); the same request replays or waits.
 */
export function decide(stored: StoredKey, req: Pick<IdempotentRequest, 'operation' | 'fingerprint'>, now: number): Decision {
  if (stored.expiresAt.getTime() <= now) return { kind: 'expired' };
  if (stored.operation !== req.operation) return { kind: 'conflict', reason: 'operation' };
  if (stored.fingerprint !== req.fingerprint) return { kind: 'conflict', reason: 'parameters' };
  return stored.state === 'completed' ? { kind: 'replay' } : { kind: 'wait' };
}

/**
 * Keys are scoped per account and mode: two accounts (or test and live mode) may use the same key. Keyless
 * requests (public payer reports, orders without a key) share no scope with anyone: their scope is the
 * request's fingerprint, so a key only ever replays the identical request (nobody learns anything they did not
 * send) and a stranger reusing a key cannot block or probe anyone else's request.
 */
export function scopeOf(auth: Pick<KeyAuth, 'accountId' | 'mode'> | null, requestFingerprint: string): string {
  return auth ? `acct:${auth.accountId}:${auth.mode}` : `public:${requestFingerprint}`;
}

/**
 * The CONFLICT message for each reason; `field` is how the client sent the key. An in-progress key whose request
 * died stays locked until it expires (`lockedUntil`): the message says so, since only the client can check
 * whether the work was done.
 */
export function conflictMessage(reason: ConflictReason, field: string, storedOperation?: string, lockedUntil?: Date): string {
  switch (reason) {
    case 'operation':
      return `${field} was already used for another operation${storedOperation ? ` (${storedOperation})` : ''}; use a new key for every new request`;
    case 'parameters':
      return `${field} was already used with different parameters; use a new key for every new request, and the same parameters when you retry`;
    case 'in_progress':
      return (
        `A request with this ${field} is still in progress, or was interrupted; it is never run twice. Retry shortly to get its result. ` +
        `If it keeps answering this, the first request was interrupted and the key stays locked${lockedUntil ? ` until ${lockedUntil.toISOString()}` : ''}: ` +
        'check whether the resource was created or changed before you send the request again with a new key'
      );
  }
}
