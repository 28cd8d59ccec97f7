import { z } from 'zod';
import { envBool } from '../env.js';

/**
 * Limits on the shape of one GraphQL document, checked before it runs. The defaults leave room for every
 * documented operation (the wallet screen's round trip has depth 5 and no aliases; GraphiQL's and codegen's
 * introspection is not counted against the depth) and refuse the documents that multiply work: hundreds of
 * aliased `quote` fields, deeply nested connections.
 */
export const graphqlEnv = {
  /** Deepest field nesting (introspection excepted). */
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(100).default(12),
  /** Aliases in one document: each alias of `quote` is a full provider fan-out. */
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(1000).default(15),
  /** Lexical tokens in one document (caps parsing work before anything else runs). */
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).max(100_000).default(5_000),
  /**
   * Cost of one operation (src/graphql/cost.ts): 1 per object field, connections times their page size, a quote
   * 100, a checkout quote 300, balances 10 per chain. The wallet screen's round trip (docs/graphql.md) costs 376, with every page at its maximum under 1000.
   */
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).max(10_000_000).default(1_000),
  /** Directives in one document. */
  GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().min(0).max(1000).default(20),
  /**
   * Queries are compiled by graphql-jit (src/graphql/jit.ts) from their document's execution after this many
   * (0: from the first; a document seen once is not worth compiling). -1 turns compilation off.
   */
  GRAPHQL_JIT_AFTER: z.coerce.number().int().min(-1).max(1_000_000).default(2),
  /** Query compilations started per second at most (each takes milliseconds on the event loop); over it a query runs uncompiled. */
  GRAPHQL_JIT_COMPILES_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(5),
  /** Introspection on (codegen and GraphiQL need it); off hides the schema from anonymous probing. */
  GRAPHQL_INTROSPECTION: envBool.default(true),
};
