/**
 * `npm run fuzz`: the fuzzing suite at length against an in-process server (test/fuzz/). FUZZ_RUNS generated
 * cases (default 10,000), spread over every REST operation and GraphQL root field, seeded by FUZZ_SEED (default:
 * random, printed so a run can be repeated). Prints the 5xx count and every failing input; exits 1 on any.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { schema } from '../src/graphql/schema.js';
import { startFuzzTarget } from '../test/fuzz/target.js';
import { fuzz, summarize } from '../test/fuzz/run.js';
import { closeTransport } from '../test/fuzz/transport.js';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a positive integer, got ${process.env.FUZZ_RUNS}`);
if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);

console.log(`fuzz: ${runs} cases, seed ${seed} (repeat with FUZZ_SEED=${seed})`);
const started = Date.now();
const target = await startFuzzTarget({ env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
let last = 0;
let report: Awaited<ReturnType<typeof fuzz>>;
try {
  report = await fuzz(target, schema, {
    runs,
    seed,
    onProgress: (n) => {
      if (n - last >= 1000) {
        last = n;
        console.log(`  ${n} cases, ${Math.round((Date.now() - started) / 1000)} s`);
      }
    },
  });
} catch (err) {
  // The target listens for unhandled rejections (they are findings), so a failure of the fuzzer itself ends here.
  console.error('fuzz: the fuzzer itself failed:', err);
  process.exit(2);
}
console.log(summarize(report, 5));
await target.close();
closeTransport();
if (report.findings.length) {
  // The failing requests in full (the summary shortens them), to replay one with curl or a test.
  const out = resolve(process.env.FUZZ_OUT ?? 'fuzz-findings.json');
  writeFileSync(
    out,
    JSON.stringify(
      report.findings.filter((f) => f.sent).map((f) => ({ label: f.label, problems: f.problems, status: f.status, request: f.sent })),
      null,
      2,
    ),
  );
  console.log(`failing requests in full: ${out}`);
}
console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
const failed = !!report.stalledAt || report.serverErrors > 0 || report.findings.length > 0 || report.incidents.length > 0 || !report.alive;
process.exit(failed ? 1 : 0);
