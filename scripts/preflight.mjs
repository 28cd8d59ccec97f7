// What `npm test` needs outside node_modules, checked in its first second: a run that would fail minutes later on
// a missing browser, PDF renderer or promtool stops here, naming the package and the command that installs it.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const problems = [];

// npm scripts put node_modules/.bin first on PATH, where the `node` package installs Node 24.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  problems.push(`Node ${process.versions.node} is too old: run through npm scripts (they use the Node 24 from the "node" package) or install Node 24.`);
}

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (name) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, name)));

// The end-to-end browser tests drive Debian's chromium (test/e2e/harness.ts; CHROMIUM_PATH overrides), never a
// downloaded browser; the receipt tests render PDFs with poppler's pdftoppm; the metrics tests check a real scrape and
// the example alert rules with prometheus's promtool (test/telemetry/); the deployment test checks deploy/nginx.conf
// with nginx -t (test/deploy/).
const missing = [];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!executable(chromium)) missing.push({ what: `chromium (${chromium}; CHROMIUM_PATH overrides)`, pkg: 'chromium' });
if (!onPath('pdftoppm')) missing.push({ what: 'pdftoppm (on PATH)', pkg: 'poppler-utils' });
if (!onPath('promtool')) missing.push({ what: 'promtool (on PATH)', pkg: 'prometheus' });
if (!onPath('nginx') && !executable('/usr/sbin/nginx')) missing.push({ what: 'nginx (/usr/sbin/nginx or on PATH)', pkg: 'nginx' });
if (missing.length) {
  problems.push(
    `Missing: ${missing.map((m) => `${m.what} from the ${m.pkg} package`).join('; ')}. Install (Debian/Ubuntu, as root):\n` +
      '    apt-get install -y chromium fonts-dejavu-core fonts-liberation poppler-utils prometheus nginx',
  );
}

if (problems.length) {
  console.error(`npm test cannot run on this machine:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
