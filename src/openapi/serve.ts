import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import { restRoutes } from '../rest/routes.js';
import { buildOpenApiDocument, type OpenApiDocument } from './document.js';
import { renderApiReference } from './page.js';

/**
 * The document and its reference page, built once per configuration (the server builds them at start, so a
 * route whose documentation does not generate stops the process instead of failing on first request).
 */
const built = new Map<string, { doc: OpenApiDocument; json: string; etag: string; html: string }>();

export function apiDocs(config: Pick<Config, 'PUBLIC_URL' | 'DOCS_URL' | 'BRAND'>) {
  const key = `${config.PUBLIC_URL}\n${config.DOCS_URL}\n${config.BRAND}`;
  let b = built.get(key);
  if (!b) {
    const doc = buildOpenApiDocument(restRoutes, { publicUrl: config.PUBLIC_URL, docsUrl: config.DOCS_URL, brand: config.BRAND });
    const json = JSON.stringify(doc);
    b = { doc, json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`, html: renderApiReference(doc) };
    built.set(key, b);
  }
  return b;
}
