import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, BuildResult } from 'esbuild';

/**
 * The dashboard's script and stylesheet (web/dashboard). Stack: Preact (3 kB) with urql over the GraphQL API,
 * graphql-ws for live data and uPlot for charts, bundled by esbuild, which the service already has (tsx runs on
 * it, the pay page is bundled by it): no second bundler, no dev server, no build step at install. Built once on
 * first request and served from memory under a content hash (`/dashboard/assets/app.<hash>.js|css`), so the files
 * are cached for good and a new build is a new URL. In development (`watch`) esbuild rebuilds on every change of
 * web/dashboard and the listeners (the page's reload stream) are told.
 */
const WEB = fileURLToPath(new URL('../../../web/dashboard/', import.meta.url));

export interface DashboardAssets {
  js: string;
  css: string;
  /** The first 12 hex digits of the SHA-256 of each file: part of its URL. */
  jsHash: string;
  cssHash: string;
}

const options: BuildOptions = {
  entryPoints: { app: `${WEB}src/main.tsx` },
  bundle: true,
  write: false,
  outdir: `${WEB}dist`,
  minify: true,
  format: 'iife',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  legalComments: 'none',
  logLevel: 'silent',
  // The bundle is self-contained: a Node builtin reached by accident fails the build instead of shipping a stub.
  platform: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
};

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12);

function collect(r: BuildResult): DashboardAssets {
  const files = r.outputFiles ?? [];
  const js = files.find((f) => f.path.endsWith('.js'))?.text;
  const css = files.find((f) => f.path.endsWith('.css'))?.text;
  if (js === undefined || css === undefined) throw new Error('The dashboard build produced no script or no stylesheet');
  return { js, css, jsHash: hash(js), cssHash: hash(css) };
}

let built: Promise<DashboardAssets> | undefined;
const listeners = new Set<() => void>();
let watching = false;

/** The current build (the first call builds; a failed build is retried on the next call). */
export function dashboardAssets(): Promise<DashboardAssets> {
  built ??= (async () => {
    const { build } = await import('esbuild');
    return collect(await build(options));
  })().catch((err) => {
    built = undefined;
    throw err;
  });
  return built;
}

/**
 * Development: rebuilds on every change under web/dashboard and calls each listener after a successful rebuild.
 * Started once, on the first call; the watcher lives as long as the process (npm run dev).
 */
export async function watchDashboard(): Promise<void> {
  if (watching) return;
  watching = true;
  const { context } = await import('esbuild');
  let first = true;
  const ctx = await context({
    ...options,
    minify: false,
    define: { 'process.env.NODE_ENV': '"development"' },
    plugins: [
      {
        name: 'dashboard-reload',
        setup(b) {
          b.onEnd((r) => {
            if (r.errors.length) {
              console.warn(`dashboard build failed: ${r.errors.map((e) => e.text).join('; ')}`);
              return;
            }
            built = Promise.resolve(collect(r));
            if (first) first = false;
            else for (const l of listeners) l();
          });
        },
      },
    ],
  });
  await ctx.watch();
}

/** Calls `fn` after each development rebuild; returns the unsubscribe. */
export function onDashboardRebuild(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
