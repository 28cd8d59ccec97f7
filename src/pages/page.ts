import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What every page shares: the handler shape, escaping, the HTML layout and the way an answer is written. A page
 * lives in src/pages/<page>/ and depends on its domain's service (never the reverse); the HTTP layer asks each
 * page in turn (src/pages/index.ts) after the request took its point at the rate-limit gate, with the security
 * headers and the default CSP already set, so a page sets only its own CSP.
 */

/** Handles the request and returns true when the path is its own, false to let the next page (or a 404) answer. */
export type PageHandler = (req: IncomingMessage, res: ServerResponse, url: URL, requestId: string) => Promise<boolean> | boolean;

/** HTML-escapes text and attribute values. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Headers pages repeat on their own answers (the server sets them too: a page's answer carries them whatever serves it). */
export const PAGE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' } as const;

export const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** Writes a page's answer; a HEAD gets the headers only. */
export function sendPage(res: ServerResponse, method: string, status: number, headers: Record<string, string>, body?: string | Buffer) {
  res.writeHead(status, headers);
  res.end(method === 'HEAD' ? undefined : body);
  return true;
}

/** A stylesheet or script of a page, served from memory with a short public cache. */
export function sendAsset(res: ServerResponse, method: string, type: 'css' | 'js', body: string, headers: Record<string, string> = {}) {
  const contentType = type === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
  return sendPage(res, method, 200, { ...headers, 'content-type': contentType, 'cache-control': 'public, max-age=300' }, body);
}

export interface Layout {
  title: string;
  /** Stylesheets and deferred scripts, by URL (this origin's: the page's CSP allows 'self' only). */
  stylesheets?: string[];
  scripts?: string[];
  /** Pages reached by a link sent to one person (an invoice) are kept out of search indexes. */
  noindex?: boolean;
  /** The body's markup, already escaped. */
  body: string;
}

/** The document every hosted page is: no inline script or style, nothing from another origin, no referrer. */
export function layout(p: Layout): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    ...(p.noindex ? ['<meta name="robots" content="noindex">'] : []),
    `<title>${esc(p.title)}</title>`,
    ...(p.stylesheets ?? []).map((href) => `<link rel="stylesheet" href="${esc(href)}">`),
    ...(p.scripts ?? []).map((src) => `<script defer src="${esc(src)}"></script>`),
    '</head>',
    '<body>',
    p.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
