import { GraphQLError, getOperationAST, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { apiErrorExtensions, toGraphQLError } from '../http/errors.js';
import type { Decision } from '../ratelimit/policy.js';
import type { GraphQLContext } from './context.js';
import { cachedOperationCost } from './cost.js';

/** What envelop hands an onExecute or onSubscribe hook about the operation. */
interface OperationArgs {
  schema: GraphQLSchema;
  document: DocumentNode;
  variableValues?: Record<string, unknown> | null;
  operationName?: string | null;
  contextValue: unknown;
}

/**
 * Everything this service does around an operation, in one plugin with one hook per phase (HTTP, SSE and WebSocket
 * alike: every transport executes through these hooks):
 *
 * - **Limits.** Before an operation runs, its cost (src/graphql/cost.ts) against GRAPHQL_MAX_COST, then its weight
 *   against the caller's rate limits. Either refusal is the operation's only result, with nothing executed:
 *   INVALID_PARAMS naming the limit and the cost, or RATE_LIMITED with `retryAfter` (over HTTP,
 *   src/http/graphql-http.ts answers it with status 429). The weight is taken at the one rate-limit gate
 *   (RateLimitService.take) on the operation's ticket (over HTTP the request's, over WebSocket one per operation),
 *   less the point it took on arrival: an operation that weighs no more needs no second count
 *   (RateLimitService.owes). The decision stays on the ticket for the HTTP layer's RateLimit headers.
 * - **Error codes.** Every GraphQL error gets a stable `extensions.code` and the `requestId`, and unexpected errors
 *   are masked (logged with the request id instead): the one mapping of src/http/errors.ts.
 * - **Request outcome.** The transport's request log learns the operation's name and the first error code of a
 *   single result (GraphQLContext.outcome; the WebSocket transport reads its results itself).
 *
 * One plugin rather than three, with hooks that return a promise only when a rate-limit count must be taken from the
 * store (for operations heavier than the arrival point, such as `quote`):
 * envelop builds a payload with its setters for every plugin's hook, and wraps every promise a hook returns, on every
 * request. Measured: 2 KB less garbage per request (README, Performance); most of GraphQL's extra allocation over
 * REST is envelop's and yoga's own.
 */
export function useOperationHooks(config: Pick<Config, 'GRAPHQL_MAX_COST'>, log: Logger): Plugin<GraphQLContext> {
  const refuse = (message: string, extensions: Record<string, unknown>): ExecutionResult => ({ errors: [new GraphQLError(message, { extensions })] });
  const refusedBy = (decision: Decision | null | undefined, ctx: GraphQLContext): ExecutionResult | undefined => {
    if (!decision || decision.allowed) return undefined;
    const e = ctx.services.ratelimit.error(decision);
    return refuse(e.message, apiErrorExtensions(e, ctx.requestId));
  };

  /** The operation's refusal, a promise of it when a count must be taken from the store, or undefined to run it. */
  const gate = (args: OperationArgs, ctx: GraphQLContext): ExecutionResult | Promise<ExecutionResult | undefined> | undefined => {
    const { cost, usage } = cachedOperationCost(args.schema, args.document, args.variableValues, args.operationName);
    // Refused for its cost, an operation has still taken its one point on arrival (src/http/graphql-http.ts,
    // src/http/graphql-ws.ts), as an unparsable or invalid one has.
    if (cost > config.GRAPHQL_MAX_COST) {
      return refuse(`Operation cost ${cost} exceeds the limit of ${config.GRAPHQL_MAX_COST}: ask for fewer quotes or aliases, or smaller pages (\`first\`)`, {
        code: 'INVALID_PARAMS',
        cost,
        maxCost: config.GRAPHQL_MAX_COST,
        requestId: ctx.requestId,
      });
    }
    const limiter = ctx.services.ratelimit;
    if (!limiter.owes(ctx.rateLimit, usage)) return refusedBy(ctx.rateLimit.decision, ctx);
    return (async () => {
      // A key that does not authenticate counts against the client address, so guessing keys is limited too.
      const auth = await ctx.auth().catch(() => null);
      return refusedBy(await limiter.take(ctx.rateLimit, limiter.identity(auth, ctx.clientIp), usage), ctx);
    })();
  };

  const name = (args: OperationArgs, ctx: GraphQLContext) => {
    if (ctx.outcome) ctx.outcome.operation = getOperationAST(args.document, args.operationName)?.name?.value;
  };
  const mapResult = (result: ExecutionResult, ctx: GraphQLContext): ExecutionResult =>
    result.errors?.length
      ? { ...result, errors: result.errors.map((err) => toGraphQLError(err, log, { requestId: ctx.requestId, where: 'resolver' })) }
      : result;

  /**
   * The phase's hook: names the operation, runs the gate, and (when it lets the operation run) returns the hooks that
   * map the result's errors. A refusal is left as written (its code and request id are already set).
   */
  const around = <Done>(
    args: OperationArgs,
    stop: (r: ExecutionResult) => void,
    done: (ctx: GraphQLContext) => Done,
  ): Done | undefined | Promise<Done | undefined> => {
    const ctx = args.contextValue as GraphQLContext;
    name(args, ctx);
    const refused = gate(args, ctx);
    if (refused instanceof Promise) {
      return refused.then((r) => {
        if (!r) return done(ctx);
        stop(r);
        return undefined;
      });
    }
    if (refused) {
      stop(refused);
      return undefined;
    }
    return done(ctx);
  };

  return {
    onExecute: ({ args, setResultAndStopExecution }) =>
      around(args, setResultAndStopExecution, (ctx) => ({
        onExecuteDone: ({ result, setResult }) => {
          if (!(Symbol.asyncIterator in result)) setResult(mapResult(result, ctx));
        },
      })),
    onSubscribe: ({ args, setResultAndStopExecution }) =>
      around(args, setResultAndStopExecution, (ctx) => ({
        onSubscribeResult: ({ result, setResult }) => {
          if (Symbol.asyncIterator in result) return { onNext: ({ result: r, setResult: set }) => set(mapResult(r, ctx)) };
          setResult(mapResult(result, ctx));
        },
      })),
    // Errors raised before execution (parse, validation) never reach onExecute: give them the request id here,
    // keeping yoga's precise codes (GRAPHQL_PARSE_FAILED, …); bad variables do pass onExecute and fail in execution.
    // Copies, never edits: yoga caches parse and validation errors per document, so an edited error would carry the
    // first request's id to every later request that sends the same document.
    onResultProcess: ({ result, setResult, serverContext }) => {
      const ctx = (serverContext as { gqlContext?: GraphQLContext }).gqlContext;
      if (!ctx?.requestId || Symbol.asyncIterator in result) return;
      const results = Array.isArray(result) ? (result as ExecutionResult[]) : [result as ExecutionResult];
      if (!results.some((r) => r.errors?.length)) return;
      const withId = (r: ExecutionResult): ExecutionResult => (r.errors?.length ? { ...r, errors: r.errors.map((e) => withRequestId(e, ctx.requestId)) } : r);
      const mapped = results.map(withId);
      setResult(Array.isArray(result) ? mapped : mapped[0]!);
      const first = mapped.find((r) => r.errors?.length)?.errors?.[0];
      if (first && ctx.outcome) ctx.outcome.errorCode = String(first.extensions?.code ?? 'INVALID_PARAMS');
    },
  };
}

/** A copy of `e` carrying this request's id (and a code, INVALID_PARAMS when yoga gave none). */
function withRequestId(e: GraphQLError, requestId: string): GraphQLError {
  const extensions = { ...e.extensions, code: e.extensions?.code ?? 'INVALID_PARAMS', requestId };
  if (!(e instanceof GraphQLError)) return { ...(e as object), extensions } as unknown as GraphQLError;
  return new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, originalError: e.originalError, extensions });
}

/**
 * The same mapping for errors yoga handles itself, outside an execution result: above all an error thrown by a
 * subscription's stream after it started (over SSE), which would otherwise reach the client unmasked, with the
 * database's or the runtime's own message and no code.
 */
export const maskError =
  (log: Logger) =>
  (error: unknown): Error =>
    error instanceof GraphQLError && typeof error.extensions?.code === 'string' ? error : toGraphQLError(error, log, { where: 'a GraphQL stream' });
