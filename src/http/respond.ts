import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/** Writing answers: the one JSON encoding (bigints as strings) and the HTML and JSON senders every transport uses. */

export const JSON_TYPE = 'application/json; charset=utf-8';

export const jsonText = (body: unknown) => JSON.stringify(body, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

/** The first value of a header Node may have collected as a list. */
export const headerValue = (h: IncomingHttpHeaders[string]) => (Array.isArray(h) ? h[0] : h);

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, headOnly = false) {
  const text = jsonText(body);
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(headOnly ? undefined : text);
}

/** An HTML page; the security headers (and the default CSP, which nothing loads under) are already set: pass the page's own CSP. */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), ...headers });
  res.end(html);
}
