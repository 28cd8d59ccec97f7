import { inlineHashes, pageCsp } from '../../http/security.js';
import type { StatusService } from '../../status/service.js';
import { isRead, PAGE_HEADERS, type PageHandler, sendPage } from '../page.js';
import { renderStatusPage, STATUS_STYLE } from './render.js';

/** Nothing loads but the page's one inline stylesheet (by hash): no script, no other origin, no form. */
const STATUS_PAGE_CSP = pageCsp({ 'style-src': inlineHashes(STATUS_STYLE, 'style') });

/**
 * The public status page /status (./render.ts): the overall state, incidents and maintenance, each component with
 * its state and 90 day bars. Server-rendered from `GET /v1/status`'s answer, cached as briefly; works without
 * JavaScript.
 */
export function statusPageHandler(status: Pick<StatusService, 'status' | 'maxAgeSeconds'>, opts: { brand: string }): PageHandler {
  return async (req, res, url) => {
    if (url.pathname !== '/status' && url.pathname !== '/status/') return false;
    const method = req.method ?? 'GET';
    if (!isRead(method)) return false;
    const html = renderStatusPage(await status.status(), opts);
    return sendPage(
      res,
      method,
      200,
      {
        ...PAGE_HEADERS,
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': STATUS_PAGE_CSP,
        'cache-control': `public, max-age=${status.maxAgeSeconds}`,
      },
      html,
    );
  };
}
