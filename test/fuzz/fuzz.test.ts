import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startFuzzTarget, type FuzzTarget } from './target.js';
import { fuzz, summarize } from './run.js';
import { closeTransport } from './transport.js';

// A short, fixed-seed run: every REST operation and GraphQL root field gets cases; `npm run fuzz` runs at length.
const RUNS = Number(process.env.FUZZ_RUNS ?? 700);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

describe.each(backends)('fuzzing every REST route and GraphQL operation (fast-check, fixed seed, %s)', (backend) => {
  let target: FuzzTarget;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    target = await startFuzzTarget({ env: database.env });
  });
  afterAll(async () => {
    await target?.close();
    await database?.drop();
    closeTransport();
  });

  it('never answers 5xx, every error is enveloped with its request id, nothing is logged as unexpected, and the service is alive after', async () => {
    const report = await fuzz(target, schema, { runs: RUNS, seed: SEED });
    const summary = summarize(report);
    if (report.findings.length || report.incidents.length || report.stalledAt) console.log(summary);
    // The cases come from the served OpenAPI document (the contract), with its schemas, not the provisional one.
    expect(report.document).toBe('served');
    expect(report.touched.size, 'every REST operation and GraphQL root field got cases').toBe(report.restOperations + report.graphqlFields + 1);
    expect(report.stalledAt, summary).toBeUndefined();
    expect(report.serverErrors, summary).toBe(0);
    expect(report.findings, summary).toEqual([]);
    expect(report.incidents, summary).toEqual([]);
    expect(report.alive).toBe(true);
  }, 120_000);
});
