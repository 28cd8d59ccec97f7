import { createYoga, type GraphiQLOptions, type Plugin } from 'graphql-yoga';
import { GraphQLError, getOperationAST, NoSchemaIntrospectionCustomRule, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { useOpenTelemetry } from '@envelop/opentelemetry';
import { SpanKind, trace } from '@opentelemetry/api';
import { activeTracer } from '../trace.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { apiErrorExtensions, toGraphQLError } from '../http/errors.js';
import { schema } from './schema.js';
import type { GraphQLContext } from './context.js';
import { cachedOperationCost } from './cost.js';
import { useIdempotentReplayHeader } from './idempotency.js';
import { bracketDepth } from './nesting.js';
import { useHotQueryJit } from './jit.js';

/**
 * Gives every GraphQL error a stable `extensions.code` and the `requestId`, and hides the internals of unexpected
 * errors (logged with the request id instead): the one mapping of src/http/errors.ts.
 */
function useErrorCodes(log: Logger): Plugin<GraphQLContext> {
  const mapResult = (result: ExecutionResult, ctx: GraphQLContext): ExecutionResult =>
    result.errors?.length
      ? { ...result, errors: result.errors.map((err) => toGraphQLError(err, log, { requestId: ctx.requestId, where: 'resolver' })) }
      : result;
  return {
    // Errors raised before execution (parse, validation, bad variables) never reach onExecute:
    // give them the request id here, keeping yoga's precise codes (GRAPHQL_PARSE_FAILED, …).
    // Copies, never edits: yoga caches parse and validation errors per document, so an edited error would carry
    // the first request's id to every later request that sends the same document.
    onResultProcess: ({ result, setResult, serverContext }) => {
      const requestId = (serverContext as { gqlContext?: GraphQLContext }).gqlContext?.requestId;
      if (!requestId || Symbol.asyncIterator in result) return;
      const withId = (r: ExecutionResult): ExecutionResult => (r.errors?.length ? { ...r, errors: r.errors.map((e) => withRequestId(e, requestId)) } : r);
      setResult(Array.isArray(result) ? result.map(withId) : withId(result as ExecutionResult));
    },
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result, setResult }) => {
        if (Symbol.asyncIterator in result) return;
        setResult(mapResult(result, args.contextValue as GraphQLContext));
      },
    }),
    onSubscribe: ({ args }) => ({
      onSubscribeResult: ({ result, setResult }) => {
        if (Symbol.asyncIterator in result) {
          return { onNext: ({ result: r, setResult: set }) => set(mapResult(r, args.contextValue as GraphQLContext)) };
        }
        setResult(mapResult(result, args.contextValue as GraphQLContext));
      },
    }),
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
const maskError =
  (log: Logger) =>
  (error: unknown): Error =>
    error instanceof GraphQLError && typeof error.extensions?.code === 'string' ? error : toGraphQLError(error, log, { where: 'a GraphQL stream' });

/**
 * Tells the transport what its request log keeps of an operation (GraphQLContext.outcome): the name of the operation
 * that ran, and the first error code of a single result (HTTP; the WebSocket transport reads its results itself).
 */
function useRequestOutcome(): Plugin<GraphQLContext> {
  const named = (args: { document: DocumentNode; operationName?: string | null; contextValue: unknown }) => {
    const outcome = (args.contextValue as Partial<GraphQLContext>).outcome;
    if (outcome) outcome.operation = getOperationAST(args.document, args.operationName)?.name?.value;
  };
  return {
    onExecute: ({ args }) => named(args),
    onSubscribe: ({ args }) => named(args),
    onResultProcess: ({ result, serverContext }) => {
      const outcome = (serverContext as { gqlContext?: GraphQLContext }).gqlContext?.outcome;
      if (!outcome || Symbol.asyncIterator in result) return;
      const first = (Array.isArray(result) ? (result as ExecutionResult[]) : [result as ExecutionResult]).find((r) => r.errors?.length)?.errors?.[0];
      if (first) outcome.errorCode = String(first.extensions?.code ?? 'INVALID_PARAMS');
    },
  };
}

/** Deepest bracket nesting a document may have; the introspection query GraphiQL sends needs about 15. */
const MAX_NESTING = 64;

/** Refuses documents nested deeper than `limit` before any parser sees them (src/graphql/nesting.ts says why). */
function maxNestingPlugin(limit: number): Plugin {
  return {
    onParse: ({ params }) => {
      const source: string = typeof params.source === 'string' ? params.source : params.source.body;
      if (bracketDepth(source, limit) > limit) {
        throw new GraphQLError(`Syntax Error: brackets ({, [, () nested deeper than ${limit}.`, {
          extensions: { code: 'INVALID_PARAMS', http: { status: 400 } },
        });
      }
    },
  };
}

type LimitsConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'GRAPHQL_MAX_DEPTH'
  | 'GRAPHQL_MAX_ALIASES'
  | 'GRAPHQL_MAX_TOKENS'
  | 'GRAPHQL_MAX_DIRECTIVES'
  | 'GRAPHQL_INTROSPECTION'
  | 'GRAPHQL_MAX_COST'
  | 'GRAPHQL_JIT_AFTER'
  | 'GRAPHQL_JIT_COMPILES_PER_SECOND'
>;

/**
 * Before an operation runs (HTTP, SSE or WebSocket: every transport executes through these hooks): its cost
 * (src/graphql/cost.ts) against GRAPHQL_MAX_COST, then its weight against the caller's rate limits. Either
 * refusal is the operation's only result, with nothing executed: INVALID_PARAMS naming the limit and the cost,
 * or RATE_LIMITED with `retryAfter` (over HTTP, src/http/graphql-http.ts answers it with status 429). The weight
 * is taken at the one rate-limit gate (RateLimitService.take) on the request's ticket, less the point the request
 * took on arrival; the decision stays on the ticket for the HTTP layer's RateLimit headers.
 */
function useOperationLimits(config: Pick<LimitsConfig, 'GRAPHQL_MAX_COST'>): Plugin<GraphQLContext> {
  const refuse = (message: string, extensions: Record<string, unknown>): ExecutionResult => ({ errors: [new GraphQLError(message, { extensions })] });
  const check = async (args: {
    schema: GraphQLSchema;
    document: DocumentNode;
    variableValues?: Record<string, unknown> | null;
    operationName?: string | null;
    contextValue: unknown;
  }): Promise<ExecutionResult | undefined> => {
    const ctx = args.contextValue as GraphQLContext;
    const { cost, usage } = cachedOperationCost(args.schema, args.document, args.variableValues, args.operationName);
    if (cost > config.GRAPHQL_MAX_COST) {
      return refuse(`Operation cost ${cost} exceeds the limit of ${config.GRAPHQL_MAX_COST}: ask for fewer quotes or aliases, or smaller pages (\`first\`)`, {
        code: 'INVALID_PARAMS',
        cost,
        maxCost: config.GRAPHQL_MAX_COST,
        requestId: ctx.requestId,
      });
    }
    const limiter = ctx.services.ratelimit;
    if (!limiter.enabled) return;
    // A key that does not authenticate counts against the client address, so guessing keys is limited too.
    const auth = await ctx.auth().catch(() => null);
    const decision = await limiter.take(ctx.rateLimit, limiter.identity(auth, ctx.clientIp), usage);
    if (decision && !decision.allowed) {
      const e = limiter.error(decision);
      return refuse(e.message, apiErrorExtensions(e, ctx.requestId));
    }
  };
  return {
    onExecute: async ({ args, setResultAndStopExecution }) => {
      const refused = await check(args);
      if (refused) setResultAndStopExecution(refused);
    },
    onSubscribe: async ({ args, setResultAndStopExecution }) => {
      const refused = await check(args);
      if (refused) setResultAndStopExecution(refused);
    },
  };
}

/**
 * Limits on a document's shape, checked before it runs (graphql-armor; limits in src/graphql/config.ts). A
 * refused document is an ordinary GraphQL error naming the limit, with `extensions.code` INVALID_PARAMS.
 * Field suggestions ("did you mean …") are hidden in production, where they would map the schema for anyone.
 */
function documentLimits(config: LimitsConfig): Plugin[] {
  const plugins: Plugin[] = [
    maxNestingPlugin(MAX_NESTING),
    maxTokensPlugin({ n: config.GRAPHQL_MAX_TOKENS }),
    maxDepthPlugin({ n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: true }),
    maxAliasesPlugin({ n: config.GRAPHQL_MAX_ALIASES }),
    maxDirectivesPlugin({ n: config.GRAPHQL_MAX_DIRECTIVES }),
  ];
  if (config.NODE_ENV === 'production') plugins.push(blockFieldSuggestionsPlugin());
  if (!config.GRAPHQL_INTROSPECTION) plugins.push({ onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule) });
  return plugins;
}

/** `renderGraphiQL`: GraphiQL's page (src/pages/graphiql); without it (in-process tests) no page is served. */
export function createGraphQLServer({
  config,
  log,
  renderGraphiQL,
}: {
  config: Pick<Config, 'BRAND'> & LimitsConfig;
  log: Logger;
  renderGraphiQL?: (opts?: GraphiQLOptions) => string;
}) {
  const jit = useHotQueryJit(config.GRAPHQL_JIT_AFTER, config.GRAPHQL_JIT_COMPILES_PER_SECOND);
  return createYoga<{ gqlContext: GraphQLContext }>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.NODE_ENV !== 'production' && renderGraphiQL ? { subscriptionsProtocol: 'WS', title: `${config.BRAND} GraphQL` } : false,
    ...(renderGraphiQL ? { renderGraphiQL } : {}),
    landingPage: false,
    // CORS is answered for /graphql and /v1 alike by src/http/security.ts (yoga's default would reflect any origin with credentials).
    cors: false,
    // useErrorCodes maps errors inside execution results (with the request id); maskError the ones yoga
    // handles itself, such as a subscription stream that throws.
    maskedErrors: { maskError: maskError(log) },
    logging: false,
    context: ({ gqlContext }) => gqlContext,
    // Bodies reach yoga already read and capped at BODY_LIMIT_BYTES (src/http/body.ts; WebSocket frames by
    // maxPayload), so yoga's own limit would only re-pipe every body through a stream for nothing.
    maxRequestBodySize: false,
    plugins: [
      ...documentLimits(config),
      useOperationLimits(config),
      useErrorCodes(log),
      useIdempotentReplayHeader(),
      useRequestOutcome(),
      ...(jit ? [jit] : []),
      // With tracing on (src/trace.ts): a span per execution, a child of the request's span. No document, variables or
      // result in it (they may hold addresses and amounts); no span per resolver (too many, too small).
      ...(activeTracer()
        ? [
            useOpenTelemetry(
              { resolvers: false, variables: false, result: false, document: false },
              trace.getTracerProvider(),
              SpanKind.INTERNAL,
              {},
              config.BRAND,
            ) as Plugin,
          ]
        : []),
    ],
  });
}
