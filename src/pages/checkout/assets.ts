import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The pay page's script and stylesheet. Front-end stack: plain TypeScript in web/pay/src (browser code, with its
 * own tsconfig: DOM, no Node types), no framework and no runtime dependencies, bundled by esbuild, which is
 * already installed because the service is built with it (scripts/build.mjs). Built once, on first request, and served
 * from memory: no build step, no dev server, no extra packages.
 */
const WEB = fileURLToPath(new URL('../../../web/pay/', import.meta.url));

let built: Promise<{ js: string; css: string }> | undefined;

export function payPageAssets(): Promise<{ js: string; css: string }> {
  built ??= (async () => {
    const { build } = await import('esbuild');
    const r = await build({
      entryPoints: [`${WEB}src/main.ts`],
      bundle: true,
      write: false,
      minify: true,
      format: 'iife',
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      legalComments: 'none',
      logLevel: 'silent',
    });
    return { js: r.outputFiles[0]!.text, css: readFileSync(`${WEB}styles.css`, 'utf8') };
  })().catch((err) => {
    built = undefined;
    throw err;
  });
  return built;
}
