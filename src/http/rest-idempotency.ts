import type { IncomingHttpHeaders } from 'node:http';
import type { KeyAuth } from '../accounts/service.js';
import { fingerprint } from '../idempotency/fingerprint.js';
import { parseIdempotencyKey } from '../idempotency/key.js';
import { scopeOf } from '../idempotency/decision.js';
import type { IdempotencyService, IdempotentOutcome, StoredResponse } from '../idempotency/service.js';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The operation a REST route is stored under: its method and path pattern (`POST /v1/checkout/sessions/:id/expire`). */
export const restOperation = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** The parameters that make two REST requests the same: path parameters and the JSON body (no body counts as `{}`). */
export const restParams = (params: Record<string, string>, body: unknown) => ({ path: params, body: body ?? {} });

/**
 * An `idempotent: true` route's request: without an Idempotency-Key header it runs as usual (null); with one,
 * through IdempotencyService.run (a malformed key is INVALID_PARAMS, before anything runs). Scope: the key's
 * account and mode, or the request itself when no API key was used.
 */
export async function idempotentRest(
  idempotency: Pick<IdempotencyService, 'run'>,
  req: {
    headers: IncomingHttpHeaders;
    route: { method: string; path: string };
    params: Record<string, string>;
    body: unknown;
    auth: KeyAuth | null;
    requestId: string;
  },
  execute: () => Promise<StoredResponse>,
): Promise<IdempotentOutcome | null> {
  const key = parseIdempotencyKey(req.headers['idempotency-key'], IDEMPOTENCY_HEADER);
  if (key === undefined) return null;
  const operation = restOperation(req.route);
  const print = fingerprint(operation, restParams(req.params, req.body));
  return idempotency.run({ scope: scopeOf(req.auth, print), key, operation, fingerprint: print, requestId: req.requestId }, IDEMPOTENCY_HEADER, execute);
}

/** Headers a replayed answer carries besides its own: `Idempotent-Replayed: true` and the first request's id. */
export const replayHeaders = (o: IdempotentOutcome): Record<string, string> =>
  o.replayed ? { 'idempotent-replayed': 'true', 'original-request': o.originalRequestId } : {};
