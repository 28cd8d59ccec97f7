import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, BuildResult } from 'esbuild';
import { pageCsp } from '../http/security.js';
import { isRead, PAGE_HEADERS, type PageHandler, sendPage } from './page.js';

/**
 * The browser apps under web/ (the merchant dashboard, the operator's pages): Preact with urql over the GraphQL
 * API, graphql-ws for live data and uPlot for charts, bundled by esbuild, which the service already has (it builds
 * the service, the pay page is bundled by it): no second bundler, no dev server, no build step at install. Each app is built
 * once on its first request and served from memory under a content hash (`<base>/assets/app.<hash>.js|css`), so the
 * files are cached for good and a new build is a new URL. In development (`reload`) esbuild rebuilds on every change
 * of the files the app imports and the page's reload stream (`<base>/dev/reload`) tells it to reload.
 */
export type WebAppName = 'dashboard' | 'admin';

interface WebAppAssets {
  js: string;
  css: string;
  /** The first 12 hex digits of the SHA-256 of each file: part of its URL. */
  jsHash: string;
  cssHash: string;
}

/** The CSP of every app's shell: scripts, styles and connections of this origin only, no inline code; images from this origin or data: URLs (wallet icons are data: URLs by EIP-6963). */
const WEB_APP_CSP = pageCsp({
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
});

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12);

class WebAppBundle {
  private built: Promise<WebAppAssets> | undefined;
  private watching = false;
  private readonly listeners = new Set<() => void>();
  private readonly options: BuildOptions;

  constructor(private readonly name: WebAppName) {
    const dir = fileURLToPath(new URL(`../../web/${name}/`, import.meta.url));
    this.options = {
      entryPoints: { app: `${dir}src/main.tsx` },
      bundle: true,
      write: false,
      outdir: `${dir}dist`,
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
  }

  private collect(r: BuildResult): WebAppAssets {
    const files = r.outputFiles ?? [];
    const js = files.find((f) => f.path.endsWith('.js'))?.text;
    const css = files.find((f) => f.path.endsWith('.css'))?.text;
    if (js === undefined || css === undefined) throw new Error(`The ${this.name} build produced no script or no stylesheet`);
    return { js, css, jsHash: hash(js), cssHash: hash(css) };
  }

  /** The current build (the first call builds; a failed build is retried on the next call). */
  assets(): Promise<WebAppAssets> {
    this.built ??= (async () => {
      const { build } = await import('esbuild');
      return this.collect(await build(this.options));
    })().catch((err) => {
      this.built = undefined;
      throw err;
    });
    return this.built;
  }

  /**
   * Development: rebuilds on every change of a file the app imports and calls each listener after a successful
   * rebuild. Started once, on the first call; the watcher lives as long as the process (npm run dev).
   */
  async watch(): Promise<void> {
    if (this.watching) return;
    this.watching = true;
    const { context } = await import('esbuild');
    let first = true;
    const ctx = await context({
      ...this.options,
      minify: false,
      define: { 'process.env.NODE_ENV': '"development"' },
      plugins: [
        {
          name: `${this.name}-reload`,
          setup: (b) => {
            b.onEnd((r) => {
              if (r.errors.length) {
                console.warn(`${this.name} build failed: ${r.errors.map((e) => e.text).join('; ')}`);
                return;
              }
              this.built = Promise.resolve(this.collect(r));
              if (first) first = false;
              else for (const l of this.listeners) l();
            });
          },
        },
      ],
    });
    await ctx.watch();
  }

  /** Calls `fn` after each development rebuild; returns the unsubscribe. */
  onRebuild(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

const bundles = new Map<WebAppName, WebAppBundle>();
const bundleOf = (name: WebAppName) => {
  const b = bundles.get(name) ?? new WebAppBundle(name);
  bundles.set(name, b);
  return b;
};

interface WebAppShell {
  /** The hashed URLs of the app's stylesheet and script. */
  stylesheet: string;
  script: string;
  /** The development reload stream's path (only when the server rebuilds on change). */
  reloadPath: string | undefined;
}

export interface WebAppOptions {
  /** The app's path: it answers `base` and every path under it. */
  base: '/dashboard' | '/admin';
  /** Development: rebuild on change and serve the reload stream the page listens to. */
  reload: boolean;
  /** The HTML shell (every path under `base` but the assets answers it: the app routes in the browser). */
  shell: (s: WebAppShell) => string;
  /** When false the app does not exist: every path under `base` is left to the 404. */
  enabled?: () => boolean;
}

/**
 * A browser app at `base`: one HTML shell for every path under it, its hashed script and stylesheet (cached for
 * good), and in development a reload stream; all under a CSP that runs only these files.
 */
export function webAppHandler(name: WebAppName, o: WebAppOptions): PageHandler {
  const app = bundleOf(name);
  const asset = new RegExp(`^${o.base}/assets/app\\.([0-9a-f]{12})\\.(js|css)$`);
  const reloadPath = `${o.base}/dev/reload`;
  return async (req, res, url) => {
    const path = url.pathname;
    if (path !== o.base && !path.startsWith(`${o.base}/`)) return false;
    if (o.enabled && !o.enabled()) return false;
    const method = req.method ?? 'GET';
    if (!isRead(method)) return false;
    if (o.reload) await app.watch();
    if (path === reloadPath) {
      if (!o.reload) return false;
      return reloadStream(app, req, res);
    }
    const assets = await app.assets();
    const m = asset.exec(path);
    if (m) {
      const [, h, type] = m;
      // An old hash (a page from before a rebuild) is a 404: its content is gone, and caching another under its name would lie.
      if (h !== (type === 'js' ? assets.jsHash : assets.cssHash)) return false;
      const contentType = type === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
      return sendPage(
        res,
        method,
        200,
        { ...PAGE_HEADERS, 'content-type': contentType, 'cache-control': o.reload ? 'no-store' : 'public, max-age=31536000, immutable' },
        type === 'js' ? assets.js : assets.css,
      );
    }
    if (path.startsWith(`${o.base}/assets/`)) return false;
    const html = o.shell({
      stylesheet: `${o.base}/assets/app.${assets.cssHash}.css`,
      script: `${o.base}/assets/app.${assets.jsHash}.js`,
      reloadPath: o.reload ? reloadPath : undefined,
    });
    return sendPage(
      res,
      method,
      200,
      { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': WEB_APP_CSP, 'cache-control': 'no-store' },
      html,
    );
  };
}

/** Server-sent events: one `reload` after each rebuild (development only; the page reloads itself on it). */
function reloadStream(app: WebAppBundle, req: Parameters<PageHandler>[0], res: Parameters<PageHandler>[1]): boolean {
  res.writeHead(200, { ...PAGE_HEADERS, 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  res.write(': connected\n\n');
  const off = app.onRebuild(() => res.write('event: reload\ndata: {}\n\n'));
  const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
  req.on('close', () => {
    clearInterval(ping);
    off();
  });
  return true;
}

/** Builds a browser app (as its first request would) and returns its files' sizes and hashes: the image build's check. */
export async function buildWebApp(name: WebAppName): Promise<{ jsBytes: number; cssBytes: number; jsHash: string; cssHash: string }> {
  const a = await bundleOf(name).assets();
  return { jsBytes: Buffer.byteLength(a.js), cssBytes: Buffer.byteLength(a.css), jsHash: a.jsHash, cssHash: a.cssHash };
}
