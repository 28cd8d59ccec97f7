import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import type { Route } from '../rest/router.js';
import { buildOpenApiDocument, type OpenApiDocument } from './document.js';
import { renderApiReference } from './page.js';

/**
 * The document and its reference page, built once per configuration (the server builds them at start, so a
 * route whose documentation does not generate stops the process instead of failing on first request). The route
 * list is the caller's (src/rest/routes.ts `restRoutes`), passed in so that this module does not import it back.
 */
type Built = { doc: OpenApiDocument; json: string; etag: string; html: string };
const builtFor = new WeakMap<Route[], Map<string, Built>>();

export function apiDocs(config: Pick<Config, 'PUBLIC_URL' | 'DOCS_URL' | 'BRAND'>, routes: Route[]) {
  const key = `${config.PUBLIC_URL}\n${config.DOCS_URL}\n${config.BRAND}`;
  let built = builtFor.get(routes);
  if (!built) {
    built = new Map();
    builtFor.set(routes, built);
  }
  let b = built.get(key);
  if (!b) {
    const doc = buildOpenApiDocument(routes, { publicUrl: config.PUBLIC_URL, docsUrl: config.DOCS_URL, brand: config.BRAND });
    const json = JSON.stringify(doc);
    b = { doc, json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`, html: renderApiReference(doc) };
    built.set(key, b);
  }
  return b;
}
