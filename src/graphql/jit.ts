import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  type Source,
} from 'graphql';
import { makeExecute, type Plugin } from 'graphql-yoga';
import { TokenBucket } from '../ratelimit/token-bucket.js';

/** The document's one operation, when it has exactly one (any number of fragments beside it). */
function onlyOperation(document: DocumentNode): OperationDefinitionNode | undefined {
  let found: OperationDefinitionNode | undefined;
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    if (found) return undefined;
    found = d;
  }
  return found;
}

/** Compiled documents kept at most (least recently run dropped first); see useHotQueryJit. */
const MAX_COMPILED_DOCUMENTS = 64;

/**
 * Compiled queries by document, at most `max`, the least recently run dropped first; null: graphql-jit could not, or
 * the compile budget is spent. Compiling runs on the event loop (8–25 ms for a few quotes), and a client cycling
 * through more distinct hot documents than `max` would otherwise have one compiled on every request: at most
 * `perSecond` compiles start per second, and a document over budget runs on graphql-js this time (nothing is kept, so
 * it is compiled on a later run once there is budget).
 */
export class CompiledDocuments {
  // Insertion order is recency: a hit moves its document to the end, and the first key is the least recently run.
  private readonly byDocument = new Map<DocumentNode, CompiledQuery | null>();
  private readonly compiles: TokenBucket;
  constructor(
    private readonly max: number,
    perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.compiles = new TokenBucket(perSecond, now());
  }
  get size(): number {
    return this.byDocument.size;
  }
  get(schema: GraphQLSchema, document: DocumentNode): CompiledQuery | null {
    let c = this.byDocument.get(document);
    if (c !== undefined) {
      this.byDocument.delete(document);
    } else {
      if (!this.compiles.take(this.now())) return null;
      const r = compileQuery(schema, document, undefined, { customJSONSerializer: false });
      c = isCompiledQuery(r) ? r : null;
    }
    this.byDocument.set(document, c);
    if (this.byDocument.size > this.max) this.byDocument.delete(this.byDocument.keys().next().value!);
    return c;
  }
}

/**
 * Hot queries run compiled (graphql-jit): the document's execution is turned into one function once, so each run
 * skips graphql-js's per-request walk of the document, its argument coercion from the AST and most of its promise
 * bookkeeping. In the quote bench (issue #27) GraphQL's server CPU per request went from 1.61–1.80 ms to 1.33–1.63 ms
 * (README, Performance).
 *
 * - Only queries: mutations and subscriptions run on graphql-js as before (they are not the hot path, and a mutation's
 *   side effects make "same answer" the only acceptable difference).
 * - Only documents with one operation (a compiled query is one operation's).
 * - Only from a document's `after + 1`-th execution (GRAPHQL_JIT_AFTER): compiling costs milliseconds (8 ms for one
 *   quote, 17 ms for nine with variables), which a document sent once should not cost. An operation refused before it
 *   runs (cost, rate limit) is never compiled. The count lives on the parsed document, which yoga's parse cache keeps
 *   per source text.
 * - At most MAX_COMPILED_DOCUMENTS compiled at once, the least recently run dropped first: a compiled nine-quote
 *   document holds about 650 KiB, so a stranger cycling through distinct documents could otherwise make yoga's
 *   1,024-document parse cache hold hundreds of megabytes. Dropped documents are compiled again when they come back,
 *   within a budget of GRAPHQL_JIT_COMPILES_PER_SECOND (CompiledDocuments).
 * - A document graphql-jit cannot compile runs on graphql-js.
 * - Variables graphql-js would refuse go to graphql-js, so the refusal reads as before.
 * - A compiled query's field errors carry `locations` worked out at compile time but no source positions, which every
 *   later copy of an error (the error-code mapping, yoga's serialisation) rebuilds locations from: the compiled
 *   executor gives them their positions in the document's source before any plugin sees the result.
 * - One known difference: a field without a resolver reads its parent's property directly, where graphql-js calls a
 *   property that is a function. The views resolvers return are plain data (no methods, no promises in fields), and
 *   the whole suite runs its queries compiled; a view that carried a method would show it there.
 * - The result is serialised with JSON.stringify as before (no compiled serializer: the error and extension shapes the
 *   other plugins write must go out as written).
 *
 * test/graphql/jit.test.ts runs the same operations compiled and not and requires the same answers.
 */
export function useHotQueryJit(after: number, compilesPerSecond: number, maxCompiled = MAX_COMPILED_DOCUMENTS): Plugin | undefined {
  if (after < 0) return undefined;
  const runs = new WeakMap<DocumentNode, number>();
  const compiled = new CompiledDocuments(maxCompiled, compilesPerSecond);
  const hot = ({ schema, document, variableValues, operationName }: ExecutionArgs): boolean => {
    const operation = onlyOperation(document);
    if (operation?.operation !== 'query') return false;
    // A compiled query runs its one operation whatever name is asked for: another name is graphql-js's to refuse.
    if (operationName != null && operationName !== operation.name?.value) return false;
    const n = (runs.get(document) ?? 0) + 1;
    runs.set(document, n);
    if (n <= after) return false;
    const defs = operation.variableDefinitions;
    return !defs?.length || !getVariableValues(schema, defs, variableValues ?? {}).errors;
  };
  return {
    onExecute: ({ args, executeFn, setExecuteFn }) => {
      if (!hot(args)) return;
      setExecuteFn(
        makeExecute((a: ExecutionArgs) => {
          const c = compiled.get(a.schema, a.document);
          if (!c) return executeFn(a);
          const source = a.document.loc?.source;
          const result = c.query(a.rootValue, a.contextValue, a.variableValues) as ExecutionResult | Promise<ExecutionResult>;
          if (!source) return result;
          return result instanceof Promise ? result.then((r) => positioned(r, source)) : positioned(result, source);
        }),
      );
    },
  };
}

/** The offset in `source` of a 1-based line and column (graphql-js counts \r\n, \n and \r as line ends). */
function offsetOf(source: Source, line: number, column: number): number {
  const ends = /\r\n|[\n\r]/g;
  let start = 0;
  for (let l = 1; l < line; l++) {
    const m = ends.exec(source.body);
    if (!m) break;
    start = m.index + m[0].length;
  }
  return start + column - 1;
}

/** A compiled query's result with its errors given source positions, so every later copy of them keeps its locations. */
function positioned(result: ExecutionResult, source: Source): ExecutionResult {
  if (!result.errors?.some((e) => e.locations?.length && !e.positions)) return result;
  const errors = result.errors.map((e) =>
    e.locations?.length && !e.positions
      ? new GraphQLError(e.message, {
          source,
          positions: e.locations.map((l) => offsetOf(source, l.line, l.column)),
          path: e.path,
          originalError: e.originalError,
          extensions: e.extensions,
        })
      : e,
  );
  return { ...result, errors };
}
