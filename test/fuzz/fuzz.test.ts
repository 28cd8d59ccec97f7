import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.js';
import { startFuzzTarget, type FuzzTarget } from './target.js';
import { fuzz, summarize } from './run.js';
import { closeTransport } from './transport.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

describe('fuzzing every REST route and GraphQL operation (fast-check, fixed seed)', () => {
  let target: FuzzTarget;
  beforeAll(async () => {
    target = await startFuzzTarget();
  });
  afterAll(async () => {
    await target?.close();
    closeTransport();
  });

  it('never answers 5xx, every error is enveloped with its request id, and the service is alive after', async () => {
    const report = await fuzz(target, schema, { runs: RUNS, seed: SEED });
    const summary = summarize(report);
    if (report.findings.length || report.incidents.length) console.log(summary);
    expect(report.touched.size, 'every REST operation and GraphQL root field got cases').toBe(report.restOperations + report.graphqlFields + 1);
    expect(report.stalledAt, summary).toBeUndefined();
    expect(report.serverErrors, summary).toBe(0);
    expect(report.findings, summary).toEqual([]);
    expect(report.incidents, summary).toEqual([]);
    expect(report.alive).toBe(true);
  }, 180_000);
});
