// `npm test`: the preflight, then the static checks (`npm run lint`, then `npm run typecheck`) beside vitest rather than
// before it. Vitest leaves the cores idle about a quarter of a run (its tests wait on real processes), and the checks
// used to hold its start back by their whole time (about 25 s of a clean-clone CI run); beside it they fill that idle
// time. The checks' output is held and printed after vitest's, so the two never interleave. The run fails when any
// part fails; arguments go to vitest (`npm test -- test/http`).
import { spawn, spawnSync } from 'node:child_process';

const preflight = spawnSync(process.execPath, ['scripts/preflight.mjs'], { stdio: 'inherit' });
if (preflight.status !== 0) process.exit(preflight.status ?? 1);

/** Runs `npm run -s <script>` with its output held; resolves to its exit code and output. */
function held(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), out }));
  });
}

const checks = (async () => {
  const results = [];
  for (const script of ['lint', 'typecheck']) {
    const r = await held(script);
    results.push(r);
    if (r.code !== 0) break; // as `lint && typecheck` did
  }
  return results;
})();

const vitest = spawn('vitest', ['run', ...process.argv.slice(2)], { stdio: 'inherit' });
const forward = (signal) => () => vitest.kill(signal);
process.once('SIGINT', forward('SIGINT'));
process.once('SIGTERM', forward('SIGTERM'));
const vitestCode = await new Promise((resolve) => vitest.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

let failed = vitestCode !== 0;
for (const r of await checks) {
  if (r.out.trim()) process.stdout.write(`\n── npm run ${r.script} ──\n${r.out}`);
  if (r.code !== 0) {
    failed = true;
    process.stdout.write(`\nnpm run ${r.script} failed (exit code ${r.code})\n`);
  }
}
process.exit(failed ? 1 : 0);
