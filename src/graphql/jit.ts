import { useGraphQlJit } from '@envelop/graphql-jit';
import { type DocumentNode, type ExecutionResult, GraphQLError, getVariableValues, Kind, type OperationDefinitionNode, type Source } from 'graphql';
import type { Plugin } from 'graphql-yoga';

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

/**
 * Hot queries run compiled (graphql-jit, through @envelop/graphql-jit): the document's execution is turned into one
 * function once, so each run skips graphql-js's per-request walk of the document, its argument coercion from the AST
 * and most of its promise bookkeeping. In the quote bench (issue #27) it took GraphQL's server CPU per request from
 * 1.61–1.80 to 1.56–1.63 ms (README, Performance).
 *
 * - Only queries: mutations and subscriptions run on graphql-js as before (they are not the hot path, and a mutation's
 *   side effects make "same answer" the only acceptable difference).
 * - Only documents with one operation: the plugin caches the compiled query by document, whatever `operationName`
 *   asks for, so a document with two operations would run the first one compiled for both.
 * - Only from a document's `after + 1`-th execution (GRAPHQL_JIT_AFTER): compiling costs milliseconds, which a
 *   document sent once (or a stranger's throwaway variants) should not cost. The count lives on the parsed document,
 *   which yoga's parse cache keeps per source text, so it is per distinct document and goes when the cache drops it.
 * - Variables graphql-js would refuse go to graphql-js, so the refusal reads as before.
 * - A compiled query's field errors carry `locations` worked out at compile time but no source positions, which every
 *   later copy of an error (the error-code mapping, yoga's serialisation) rebuilds locations from: they are given
 *   their positions in the document's source here, before the error-code mapping runs (it is listed after).
 * - The result is serialised with JSON.stringify as before (no compiled serializer: the error and extension shapes the
 *   other plugins write must go out as written).
 *
 * test/graphql/jit.test.ts runs the same operations compiled and not and requires the same answers.
 */
export function useHotQueryJit(after: number): Plugin | undefined {
  if (after < 0) return undefined;
  const runs = new WeakMap<DocumentNode, number>();
  return useGraphQlJit(
    { customJSONSerializer: false },
    {
      enableIf: ({ schema, document, variableValues }) => {
        const operation = onlyOperation(document);
        if (operation?.operation !== 'query') return false;
        const n = (runs.get(document) ?? 0) + 1;
        runs.set(document, n);
        if (n <= after) return false;
        // Variables graphql-js would refuse are refused by graphql-js (its message, locations and 400), not the compiled
        // query's own coercion, which words the error otherwise.
        const defs = operation.variableDefinitions;
        return !defs?.length || !getVariableValues(schema, defs, variableValues ?? {}).errors;
      },
    },
  ) as Plugin;
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

/** Positions for errors that have locations but none (a compiled query's), so copies of them keep their locations. */
export function useCompiledErrorPositions(): Plugin {
  const positioned = (result: ExecutionResult, source: Source): ExecutionResult => {
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
  };
  return {
    onExecute: ({ args }) => {
      const source = args.document.loc?.source;
      if (!source) return;
      return {
        onExecuteDone: ({ result, setResult }) => {
          if (Symbol.asyncIterator in result) return;
          setResult(positioned(result, source));
        },
      };
    },
  };
}
