import type { Config } from '../../config.js';
import { ERROR_PAGE_CSP, renderErrorIndex, renderErrorPage } from '../../docs/error-catalog.js';
import { ERROR_CODES, type ErrorCode } from '../../errors.js';
import { sendHtml } from '../../http/respond.js';
import { API_PAGE_CSP } from '../../openapi/page.js';
import { apiDocs } from '../../openapi/serve.js';
import type { Route } from '../../rest/router.js';
import type { PageHandler } from '../page.js';

/** The error catalog (/docs/errors, /docs/errors/<CODE>) and the API reference (/docs/api), any method, as before. */
export function docsPageHandler(config: Pick<Config, 'PUBLIC_URL' | 'DOCS_URL' | 'BRAND'>, routes: Route[]): PageHandler {
  // Built now, once: a route whose documentation does not generate stops the start instead of a request.
  const api = apiDocs(config, routes);
  return (_req, res, url) => {
    if (url.pathname === '/docs/errors' || url.pathname === '/docs/errors/') {
      sendHtml(res, 200, renderErrorIndex(), { 'content-security-policy': ERROR_PAGE_CSP });
      return true;
    }
    if (url.pathname === '/docs/api') {
      sendHtml(res, 200, api.html, { 'content-security-policy': API_PAGE_CSP, 'cache-control': 'public, max-age=300' });
      return true;
    }
    const doc = /^\/docs\/errors\/([A-Z_]+)$/.exec(url.pathname);
    if (!doc || !(ERROR_CODES as string[]).includes(doc[1]!)) return false;
    sendHtml(res, 200, renderErrorPage(doc[1] as ErrorCode), { 'content-security-policy': ERROR_PAGE_CSP });
    return true;
  };
}
