import type { GraphQLResolveInfo } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ApiError, isApiError, type ErrorCode } from '../errors.js';
import { decodeResult, encodeResult } from '../idempotency/codec.js';
import { scopeOf } from '../idempotency/decision.js';
import { fingerprint } from '../idempotency/fingerprint.js';
import { parseIdempotencyKey } from '../idempotency/key.js';
import type { IdempotentOutcome, StoredResponse } from '../idempotency/service.js';
import type { GraphQLContext } from './context.js';

/**
 * Idempotency keys on mutations that create or move something. A mutation opts in with two lines:
 *
 *   const Input = builder.inputType('CreateThingInput', { fields: (t) => ({ ...idempotencyKeyField(t), … }) });
 *   resolve: idempotent(async (_r, { input }, ctx) => …),
 *
 * and lists ConflictError among its errors (a key in use is an expected outcome). The semantics are REST's
 * Idempotency-Key header (src/idempotency/service.ts): same key and input → the stored result, with the same ids;
 * other input or another mutation → CONFLICT.
 */

const IDEMPOTENCY_KEY_DESCRIPTION =
  'Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped ' +
  'connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of ' +
  'running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still ' +
  "running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input).";

/** The `idempotencyKey` input field; spread it into the mutation's input fields. */
export const idempotencyKeyField = <F>(t: { string(options: { description: string }): F }) => ({
  idempotencyKey: t.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
});

type Resolver<A, R> = (root: unknown, args: A, ctx: GraphQLContext, info: GraphQLResolveInfo) => Promise<R>;

/**
 * Wraps a mutation's resolver: without `input.idempotencyKey` it just runs; with one it runs once per key (the
 * operation is `graphql:<mutation>`, the parameters are the input without the key). The result is stored as the
 * resolver returned it, or the ApiError it threw (rethrown on replay, so an expected error stays a member of the
 * result union); field resolvers under it read current data on replay as on any read.
 */
export function idempotent<A extends { input: { idempotencyKey?: string | null } }, R>(resolve: Resolver<A, R>): Resolver<A, R> {
  return async (root, args, ctx, info) => {
    const key = parseIdempotencyKey(args.input.idempotencyKey, 'idempotencyKey');
    // The resolver never sees the key: services validate their input strictly.
    const { idempotencyKey: _key, ...params } = args.input;
    const run = () => resolve(root, { ...args, input: params }, ctx, info);
    if (key === undefined) return run();
    const operation = `graphql:${info.fieldName}`;
    const print = fingerprint(operation, params);
    let live: { value: R } | { error: unknown } | undefined;
    let outcome: IdempotentOutcome;
    try {
      outcome = await ctx.services.idempotency.run(
        { scope: scopeOf(await ctx.auth(), print), key, operation, fingerprint: print, requestId: ctx.requestId },
        'idempotencyKey',
        async (): Promise<StoredResponse> => {
          try {
            live = { value: await run() };
          } catch (error) {
            live = { error };
            // An unexpected error is stored as INTERNAL, like REST's 500 (yoga logs and masks the live one).
            const e = isApiError(error) ? error : new ApiError('INTERNAL', 'Unexpected error.');
            return { status: e.status, headers: {}, body: JSON.stringify({ error: { code: e.code, message: e.message, details: e.details ?? null } }) };
          }
          return { status: 200, headers: {}, body: encodeResult(live.value) };
        },
      );
    } catch (err) {
      // The mutation succeeded but its result could not be stored (logged by the service): the client gets it,
      // and the key stays locked (retries get CONFLICT) rather than the work running twice.
      if (live && 'value' in live) return live.value;
      throw err;
    }
    if (!outcome.replayed && live) {
      if ('error' in live) throw live.error;
      return live.value;
    }
    ctx.idempotentReplayed = true;
    if (outcome.response.status !== 200) {
      const { error } = JSON.parse(outcome.response.body) as { error: { code: ErrorCode; message: string; details: Record<string, unknown> | null } };
      throw new ApiError(error.code, error.message, error.details ?? undefined);
    }
    return decodeResult(outcome.response.body) as R;
  };
}

/**
 * `Idempotent-Replayed: true` on a GraphQL response in which a mutation answered with a stored result. Yoga merges
 * the context into its server context, which resolvers receive: the flag is read there (and on the context the
 * HTTP server created, should yoga ever stop merging).
 */
export function useIdempotentReplayHeader(): Plugin<{ gqlContext: GraphQLContext }> {
  return {
    onResponse: ({ serverContext, response }) => {
      const c = serverContext as Partial<GraphQLContext> & { gqlContext?: GraphQLContext };
      if (c.idempotentReplayed || c.gqlContext?.idempotentReplayed) response.headers.set('idempotent-replayed', 'true');
    },
  };
}
