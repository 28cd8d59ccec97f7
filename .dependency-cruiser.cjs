/**
 * Import rules of src/ (ARCHITECTURE.md, "Rules"), checked by `npm run lint` (part of `npm test`).
 *
 * Layers, top to bottom; a file imports its own layer or a lower one, never a higher one:
 *   composition root  src/services.ts, src/app.ts, src/infra.ts, src/config.ts: builds everything, may import anything
 *   transports        src/http, src/rest, src/graphql, src/pages, src/openapi, src/docs, src/main.ts, src/dev.ts, src/cli.ts,
 *                     src/devnet-pay.ts (`npm run devnet:pay`: pays a session through the API from the devnet wallet),
 *                     src/telemetry (the Prometheus metrics, fed through the hooks domains expose and served on /metrics or
 *                     METRICS_PORT; the OpenTelemetry SDK) and src/tracing.ts (the preload that starts it, like an entry)
 *   domains           src/<domain>/ (DOMAINS below)
 *   providers and db  src/providers, src/db, src/devnet (the local chain stands in for a provider's network)
 *   foundations       FOUNDATIONS below: no state, no I/O of their own, import nothing else of src/
 *
 * A domain's public entry (what another domain may import) is its `service.ts` (the service and its types), `views.ts`
 * (response shapes), `state.ts` (statuses), `input.ts` (typed input), `topics.ts` (pubsub topics), `config.ts` (its
 * settings), `jobs.ts` (job names) and `outbox.ts`; every other file of a domain is internal to it.
 *
 * `outbox.ts` holds what another domain calls inside its own database transaction, so that its write and the owning
 * domain's rows commit together (the transactional outbox): the events outbox records an event, the mail outbox
 * queues an email, the webhooks outbox queues deliveries. A service instance cannot do that (it holds its own
 * client, not the caller's transaction), so these functions, taking the caller's `tx`, are the owner's public API.
 */

const DOMAINS = [
  'accounts',
  'admin',
  'auth',
  'assets',
  'billing',
  'checkout',
  'deposits',
  'events',
  'exports',
  'idempotency',
  'invoices',
  'ledger',
  'limit-orders',
  'mail',
  'orders',
  'partners',
  'quotes',
  'ratelimit',
  'request-logs',
  'status',
  'webhooks',
];
const DOMAIN = `^src/(${DOMAINS.join('|')})/`;
const ENTRY = '(service|views|state|input|topics|config|jobs|outbox)\\.ts$';

/**
 * Foundations: errors and their codes, validation shapes, ids, the clock, the logger, env parsing, the core settings
 * every layer reads (PUBLIC_URL, BRAND…), manual spans (src/trace.ts: @opentelemetry/api only, a no-op while no SDK is
 * registered, so any layer may mark its work), the job runner, and the two schema helpers every view uses
 * (src/openapi/common.ts, same-shape.ts: zod only, whereas the rest of src/openapi is the REST transport's document).
 */
const FOUNDATIONS = [
  '^src/(errors|validation|ids|clock|log|env|core-config|trace)\\.ts$',
  '^src/jobs/',
  '^src/openapi/(common|same-shape)\\.ts$',
];
const LOWER = ['^src/(providers|db|devnet)/', '^src/handles\.ts$'];
const TRANSPORT = '^src/((http|rest|graphql|pages|openapi|docs|telemetry)/|(main|dev|cli|devnet-pay|tracing)\\.ts$)';
const ROOT = '^src/(services|app|infra|config)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle has no layer order: break it by moving the shared piece down or passing a callback in.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'foundations-import-foundations',
      comment: 'Foundations are the bottom layer: they import only each other (and packages).',
      severity: 'error',
      from: { path: FOUNDATIONS },
      to: { path: '^src/', pathNot: FOUNDATIONS },
    },
    {
      name: 'providers-db-not-up',
      comment: 'Providers and the database know no domain, transport or composition root: a domain port is passed in.',
      severity: 'error',
      from: { path: LOWER },
      to: { path: [DOMAIN, TRANSPORT, ROOT], pathNot: FOUNDATIONS },
    },
    {
      name: 'domain-not-transport',
      comment: 'A domain serves every transport alike: it never imports one (HTTP, REST, GraphQL, pages).',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: TRANSPORT, pathNot: FOUNDATIONS },
    },
    {
      name: 'domain-not-root',
      comment: 'A domain receives what it needs from the composition root (its own config slice, handles) and never imports it.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: ROOT },
    },
    {
      name: 'domain-entry-only',
      comment: `Another domain is reached through its public entry (${ENTRY}); the rest of a domain is its own.`,
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: DOMAIN, pathNot: [`^src/$1/`, `${DOMAIN}${ENTRY}`] },
    },
    {
      name: 'src-not-tests',
      comment: 'Production code never imports test code.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/db/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
