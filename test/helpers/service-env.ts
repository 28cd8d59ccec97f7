/**
 * The settings every in-process test service starts with (test/helpers/server.ts, test/helpers/graphql.ts), before
 * its database's and the test's own.
 */
export const testServiceEnv = (): Record<string, string> => ({
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  PUBLIC_URL: 'http://localhost:8787',
  PROVIDERS: 'none',
  // Every query compiled from its first run (src/graphql/jit.ts; production waits for a document's third), so the
  // suite checks the compiled path; test/graphql/jit.test.ts holds it to graphql-js's answers.
  GRAPHQL_JIT_AFTER: '0',
  GRAPHQL_JIT_COMPILES_PER_SECOND: '100000',
  // The status probe checks every chain RPC a test configures (its fixture would count the requests) and the roll-up
  // writes at start: tests that are about them turn them on.
  STATUS_PROBE_INTERVAL_MS: '0',
  STATUS_ROLLUP_INTERVAL_MS: '0',
});
