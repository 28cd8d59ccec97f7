import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../errors.js';
import { inlineHashes, pageCsp } from '../http/security.js';

/** What each stable code means and what a client should do about it; served at /docs/errors/<code>. */
export const ERROR_CATALOG: Record<ErrorCode, { summary: string; action: string }> = {
  INVALID_PARAMS: {
    summary: 'A field is missing or malformed, an address is in the wrong format for its chain, or a value is out of range. The message names the field.',
    action: 'Fix the named field and retry.',
  },
  UNSUPPORTED_CHAIN: { summary: 'The chain id or slug is unknown, or the route is not available.', action: 'Use a chain from GET /v1/chains.' },
  UNSUPPORTED_TOKEN: {
    summary: 'The symbol is not on the curated list, or the address is not an ERC-20 contract or SPL mint.',
    action: 'Pass the token address instead of a symbol, or check the address.',
  },
  AMOUNT_TOO_SMALL: { summary: 'The amount is below the minimum for this route or resource.', action: 'Increase the amount.' },
  AMOUNT_TOO_LARGE: { summary: 'The amount is above the maximum for this route.', action: 'Split the amount or reduce it.' },
  UNAUTHORIZED: {
    summary: 'No API key, session or operator token was sent, or it is unknown or revoked.',
    action: 'Send a valid key in the x-api-key header.',
  },
  FORBIDDEN: {
    summary:
      'The credentials are valid but not allowed to do this: a live key before live mode is enabled, a test-only action with a live key, or a dashboard write from a foreign origin.',
    action: 'Use a test key, or ask for live mode to be enabled.',
  },
  NOT_FOUND: {
    summary: 'The resource does not exist, or belongs to another account or mode.',
    action: 'Check the id and that the key has the same mode as the resource.',
  },
  NO_ROUTE: {
    summary: 'No provider supports the route, or every provider failed. The errors array of a quote response says why per provider.',
    action: 'Try another token pair or amount, or retry later.',
  },
  QUOTE_NOT_FOUND: {
    summary: 'The quote id is unknown, was dropped (five minutes after expiry), or the provider can no longer build it.',
    action: 'Fetch a fresh quote.',
  },
  ORDER_NOT_FOUND: {
    summary: 'The provider does not know this order id or transaction hash (yet).',
    action: 'Check the id; right after broadcasting, retry after a few seconds.',
  },
  METHOD_NOT_ALLOWED: { summary: 'The path exists but not with this HTTP method.', action: 'Use one of the methods in the Allow header.' },
  CONFLICT: {
    summary:
      'The resource is not in a state that allows this action (for example editing a sent invoice or quoting a paid session). Or an idempotency key was already used with other parameters or for another operation, or its first request is still running (or was interrupted); the message says which.',
    action:
      'Read the resource again and act on its current state. For an idempotency key: use a new key for a new request; retry a running one a little later; after an interrupted one, check whether the resource changed before sending the request with a new key.',
  },
  QUOTE_EXPIRED: { summary: 'The quote is past its expiresAt.', action: 'Fetch a fresh quote.' },
  PAYLOAD_TOO_LARGE: { summary: 'The request body is larger than 1 MiB.', action: 'Send a smaller body.' },
  SIMULATION_FAILED: {
    summary:
      "Only inside a quote response's `errors` (with `simulate: true`): this provider's built transaction would revert when sent from `sender`; the message gives the reason.",
    action: "Check the sender's balance and allowance, or pick another quote.",
  },
  CALLS_REVERTED: {
    summary: 'A destination call would revert in simulation; the message names the call and the revert reason.',
    action: 'Fix the call data or targets.',
  },
  RATE_LIMITED: {
    summary: 'An upstream provider rate-limited the service, or the request rate limit was exceeded.',
    action: 'Retry after a short delay with backoff; never in a tight loop.',
  },
  INTERNAL: {
    summary: 'An unexpected error on our side. Nothing about it is shown in the body; the request id lets us find it in our logs.',
    action: 'Retry later; report the requestId if it persists.',
  },
  PROVIDER_ERROR: {
    summary: 'An upstream provider failed or rejected the request (also: a destination-call simulation could not run; a submitted transaction was rejected).',
    action: 'Retry, or fetch a fresh quote and sign again.',
  },
  SERVICE_UNAVAILABLE: { summary: 'The service is shutting down or a dependency it needs is unavailable.', action: 'Retry after a short delay.' },
  PROVIDER_TIMEOUT: { summary: 'An upstream provider did not answer in time.', action: 'Retry.' },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#111}code{background:#f2f2f2;padding:.1em .3em;border-radius:3px}a{color:#0645ad}table{border-collapse:collapse}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}</style>';

/** The catalog pages' CSP: their one inline stylesheet by hash, nothing else. */
export const ERROR_PAGE_CSP = pageCsp({ 'style-src': inlineHashes(STYLE, 'style') });

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
${STYLE}
</head><body>${body}</body></html>`;

export function renderErrorPage(code: ErrorCode): string {
  const e = ERROR_CATALOG[code];
  return page(
    `${code} — API errors`,
    `<p><a href="./">All error codes</a></p><h1><code>${code}</code></h1>
<p><strong>HTTP status:</strong> ${ERROR_STATUS[code]}</p><p>${esc(e.summary)}</p><p><strong>What to do:</strong> ${esc(e.action)}</p>
<p>Every error body has the shape <code>{ "error": { "code", "message", "requestId", "docsUrl" } }</code>. The <code>message</code> is for people and may change; match on <code>code</code>.</p>`,
  );
}

export function renderErrorIndex(): string {
  const rows = ERROR_CODES.map(
    (c) => `<tr><td><a href="./${c}"><code>${c}</code></a></td><td>${ERROR_STATUS[c]}</td><td>${esc(ERROR_CATALOG[c].summary)}</td></tr>`,
  ).join('');
  return page(
    'API errors',
    `<h1>API error codes</h1><table><thead><tr><th>Code</th><th>Status</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}
