// `npm run build`: the service's TypeScript (src/) compiled to plain ES modules in dist/, one file per source file,
// for `npm start`, `npm run cli`, `npm run cluster`, the image and every service process a test starts. A process
// started on dist/ loads in about 60 % of the CPU of one started on src/ through tsx (measured: 1.3 s against 2.1 s,
// both with Node's compile cache): no loader thread, no transform cache, no resolution of `.js` specifiers to `.ts`
// files. dist/ sits beside src/ at the same depth, so every path a module builds from import.meta.url (the
// migrations, web/, package.json) points where it did. Type checking stays with `npm run typecheck`; this only strips
// types (esbuild, the transform tsx itself uses). Linked source maps put stack traces on src/ under
// `--enable-source-maps` (as `npm start` runs).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What dist/ was built from: the hash of every source's path and content, of this script and of esbuild's version. */
const STAMP = '.source-hash';

/** Every .ts file under src/ (the generated Prisma client included), relative to the project root, sorted. */
const sources = (root) =>
  readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();

function sourceHash(root, files) {
  const h = createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(version);
  for (const f of files) h.update(`\0${f}\0`).update(readFileSync(join(root, f)));
  return h.digest('hex');
}

/**
 * Compiles `root`'s src/ (this project's by default) into its dist/ unless dist/ already holds this source (its stamp
 * matches): a fresh dist/ is left alone, so callers that start processes from it (the test run, the cluster script)
 * never rewrite files another process is loading. A build goes to a directory of its own and replaces dist/ whole, so no file removed from src/ lingers and
 * no process sees half a build. Resolves to whether it compiled.
 */
export async function buildService(root = ROOT) {
  const dist = join(root, 'dist');
  const files = sources(root);
  const hash = sourceHash(root, files);
  if (stampOf(dist) === hash) return false;
  const out = `${dist}.${process.pid}.tmp`;
  rmSync(out, { recursive: true, force: true });
  try {
    await build({
      absWorkingDir: root,
      entryPoints: files,
      outdir: out,
      outbase: join(root, 'src'),
      format: 'esm',
      platform: 'node',
      target: 'node24',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    writeFileSync(join(out, STAMP), hash);
    // Swapped in by two renames, so a path under dist/ is missing only between them, and the old tree is removed
    // once it is no longer dist/. When another build got there between the two, it is fine if it built this source.
    const old = `${dist}.${process.pid}.old`;
    try {
      renameSync(dist, old);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
    try {
      renameSync(out, dist);
    } catch (err) {
      if (!['ENOTEMPTY', 'EEXIST'].includes(err.code) || stampOf(dist) !== hash) throw err;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return true;
}

function stampOf(dir) {
  try {
    return readFileSync(join(dir, STAMP), 'utf8');
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildService().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
