import type { GraphiQLOptions } from 'graphql-yoga';
import { esc, isRead, type PageHandler, sendPage } from '../page.js';

/**
 * GraphiQL (development only: yoga serves it on GET /graphql for a browser) from the installed
 * @graphql-yoga/render-graphiql package, never from a CDN: the page works offline, and its CSP allows this origin
 * only (src/http/security.ts GRAPHIQL_CSP). The package ships the bundle, stylesheet and editor workers as strings;
 * they are served under /graphiql/ from memory, loaded on first request (about 9 MB, never in production). Options
 * reach the page as JSON in a data attribute (no inline script at all); BOOT, served as /graphiql/boot.js, starts it.
 */
const PREFIX = '/graphiql/';

type Bundle = typeof import('@graphql-yoga/render-graphiql/graphiql');

const ASSETS = new Map<string, { type: string; pick: (b: Bundle) => string | Buffer }>(
  Object.entries({
    'graphiql.js': { type: 'text/javascript; charset=utf-8', pick: (b) => b.js },
    'graphiql.css': { type: 'text/css; charset=utf-8', pick: (b) => b.css },
    'editor.worker.js': { type: 'text/javascript; charset=utf-8', pick: (b) => b.editorWorkerService },
    'json.worker.js': { type: 'text/javascript; charset=utf-8', pick: (b) => b.jsonWorker },
    'graphql.worker.js': { type: 'text/javascript; charset=utf-8', pick: (b) => b.graphqlWorker },
    'favicon.ico': { type: 'image/x-icon', pick: (b) => Buffer.from(b.favicon.slice(b.favicon.indexOf(',') + 1), 'base64') },
    'boot.js': { type: 'text/javascript; charset=utf-8', pick: () => BOOT },
  }),
);

/** Sets where the editor's workers come from (this origin), then renders GraphiQL with the page's options. */
const BOOT = `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (_moduleId, label) {
    return location.origin + '${PREFIX}' + (label === 'editorWorkerService' ? 'editor' : label) + '.worker.js';
  },
};
document.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('root');
  YogaGraphiQL.renderYogaGraphiQL(root, JSON.parse(root.dataset.options));
});
`;

/** The page yoga answers GET /graphql with (its `renderGraphiQL` option). */
export function renderGraphiQL(opts: GraphiQLOptions = {}): string {
  const title = opts.title || 'GraphiQL';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<link rel="icon" href="${PREFIX}favicon.ico">
<link rel="stylesheet" href="${PREFIX}graphiql.css">
</head>
<body id="body" class="no-focus-outline">
<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="root" data-options="${esc(JSON.stringify(opts))}">Loading ${esc(title)}…</div>
<script src="${PREFIX}boot.js"></script>
<script src="${PREFIX}graphiql.js"></script>
</body>
</html>
`;
}

let bundle: Promise<Bundle> | undefined;

/** GraphiQL's assets, when GraphiQL is served at all (not in production). */
export function graphiqlAssetsHandler(opts: { enabled: boolean }): PageHandler {
  return async (req, res, url) => {
    if (!opts.enabled || !url.pathname.startsWith(PREFIX)) return false;
    const method = req.method ?? 'GET';
    const asset = ASSETS.get(url.pathname.slice(PREFIX.length));
    if (!asset || !isRead(method)) return false;
    bundle ??= import('@graphql-yoga/render-graphiql/graphiql').catch((err) => {
      bundle = undefined;
      throw err;
    });
    const body = asset.pick(await bundle);
    return sendPage(
      res,
      method,
      200,
      { 'content-type': asset.type, 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'public, max-age=3600' },
      body,
    );
  };
}
