// `npm test`: the preflight, then the static checks (`npm run lint`, then `npm run typecheck`) beside vitest rather than
// before it. Vitest leaves the cores idle about a quarter of a run (its tests wait on real processes), and the checks
// used to hold its start back by their whole time (about 25 s of a clean-clone CI run); beside it they fill that idle
// time. The checks' output is held and printed after vitest's, so the two never interleave. The run fails when any
// part fails; arguments go to vitest (`npm test -- test/http`).
import { spawn, spawnSync } from 'node:child_process';

const preflight = spawnSync(process.execPath, ['scripts/preflight.mjs'], { stdio: 'inherit' });
if (preflight.status !== 0) process.exit(preflight.status ?? 1);

/** Every child still running, for a stop (Ctrl-C, SIGTERM) to reach. */
const children = new Set();

/** Runs `npm run -s <script>` with its output held; resolves to its exit code and output. */
function held(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (out += d));
    child.once('error', (err) => {
      children.delete(child);
      resolve({ script, code: 1, out: `${out}${err.message}\n` });
    });
    child.once('close', (code, signal) => {
      children.delete(child);
      resolve({ script, code: code ?? (signal ? 1 : 0), out });
    });
  });
}

async function runChecks() {
  const results = [];
  for (const script of ['lint', 'typecheck']) {
    if (stopped) break;
    const r = await held(script);
    results.push(r);
    if (r.code !== 0) break; // as `lint && typecheck` did
  }
  return results;
}

let stopped = false;
const checks = runChecks();
const vitest = spawn('vitest', ['run', ...process.argv.slice(2)], { stdio: 'inherit' });
children.add(vitest);
// A stop reaches every child (vitest and the checks), and the run then ends with them.
const forward = (signal) => () => {
  stopped = true;
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
const vitestCode = await new Promise((resolve) => {
  vitest.once('error', (err) => {
    process.stderr.write(`vitest could not start (${err.message}): run npm test from the project, where npm puts node_modules/.bin on PATH\n`);
    resolve(1);
  });
  vitest.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
children.delete(vitest);

let failed = vitestCode !== 0 || stopped;
for (const r of await checks) {
  if (r.out.trim()) process.stdout.write(`\n── npm run ${r.script} ──\n${r.out}`);
  if (r.code !== 0) {
    failed = true;
    process.stdout.write(`\nnpm run ${r.script} failed (exit code ${r.code})\n`);
  }
}
process.exit(failed ? 1 : 0);
