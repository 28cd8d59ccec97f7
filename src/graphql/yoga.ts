import { createYoga, type GraphiQLOptions, type Plugin } from 'graphql-yoga';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
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
import { schema } from './schema.js';
import type { GraphQLContext } from './context.js';
import { maskError, useOperationHooks } from './operation-hooks.js';
import { useIdempotentReplayHeader } from './idempotency.js';
import { bracketDepth } from './nesting.js';
import { useHotQueryJit } from './jit.js';

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
    // useOperationHooks maps errors inside execution results (with the request id); maskError the ones yoga
    // handles itself, such as a subscription stream that throws.
    maskedErrors: { maskError: maskError(log) },
    logging: false,
    context: ({ gqlContext }) => gqlContext,
    // Bodies reach yoga already read and capped at BODY_LIMIT_BYTES (src/http/body.ts; WebSocket frames by
    // maxPayload), so yoga's own limit would only re-pipe every body through a stream for nothing.
    maxRequestBodySize: false,
    plugins: [
      ...documentLimits(config),
      useOperationHooks(config, log),
      useIdempotentReplayHeader(),
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
