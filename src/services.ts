import type pg from 'pg';
import type { RawSql } from './db/client.js';
import type { Infra } from './infra.js';
import { AccountsService } from './accounts/service.js';
import { AuthService } from './auth/service.js';
import { SignInService } from './auth/sign-in.js';
import { authSweepJob } from './auth/jobs.js';
import { TeamService } from './accounts/team.js';
import { RpcClients } from './assets/rpc.js';
import { AssetsService } from './assets/service.js';
import { assetsJobs } from './assets/jobs.js';
import { CheckoutService } from './checkout/service.js';
import { CheckoutVerifier } from './checkout/verifier.js';
import { routedDeliveryLookup } from './checkout/routed.js';
import { TransferPayments } from './checkout/transfer.js';
import { VERIFY_JOB } from './checkout/shared.js';
import { checkoutExpireJob, checkoutVerifyJob, quoteLinksSweepJob } from './checkout/jobs.js';
import { DIRECT_PROVIDER, directProvider } from './checkout/direct-provider.js';
import { EventsService } from './events/service.js';
import { eventRetentionJob } from './events/jobs.js';
import { IdempotencyService } from './idempotency/service.js';
import { idempotencySweepJob } from './idempotency/jobs.js';
import { JobRunner } from './jobs/runner.js';
import { OrdersService } from './orders/service.js';
import { ORDER_POLL_JOB, orderPollerJob } from './orders/jobs.js';
import { PartnersService } from './partners/service.js';
import { providerFactories } from './providers/factories.js';
import { onChainSettlement } from './providers/onchain-settlement.js';
import { ProviderRegistry } from './providers/registry.js';
import { QuoteService } from './quotes/service.js';
import { CallsSimulator } from './quotes/calls/simulate.js';
import { PgQuoteStore, RedisQuoteStore } from './quotes/store.js';
import { EmbeddedQuoteStore } from './quotes/embedded-store.js';
import { quoteStoreSweepJob } from './quotes/jobs.js';
import { WebhooksService } from './webhooks/service.js';
import { WEBHOOKS_DELIVER_JOB, webhooksDeliverJob } from './webhooks/jobs.js';
import { webhooksWakeTopic } from './events/topics.js';
import { RateLimitService } from './ratelimit/service.js';
import { createLimiterStore } from './ratelimit/store.js';
import { InvoicesService } from './invoices/service.js';
import { MailService } from './mail/service.js';
import { MAIL_JOB, mailDeliverJob } from './mail/jobs.js';
import { mailWakeTopic } from './mail/topics.js';
import { DepositsService } from './deposits/service.js';
import { DEPOSIT_DETECT_JOB, depositDetectorJob } from './deposits/jobs.js';
import { sandboxProvider } from './deposits/sandbox.js';
import { relayDepositProvider } from './providers/relay/deposit-addresses.js';
import { SubscriptionsService } from './billing/service.js';
import { subscriptionsBillingJob } from './billing/jobs.js';
import { jupiterLimitOrders } from './providers/jupiter/limit-orders.js';
import { LimitOrdersService } from './limit-orders/service.js';
import { LIMIT_ORDER_POLL_JOB, limitOrderPollerJob } from './limit-orders/jobs.js';
import { transferFeeMints } from './limit-orders/mint.js';
import { RequestLogsService } from './request-logs/service.js';
import { requestLogRetentionJob } from './request-logs/jobs.js';
import { ExportsService } from './exports/service.js';
import { AdminService } from './admin/service.js';
import { LedgerService } from './ledger/service.js';
import { StatusService } from './status/service.js';
import { statusJobs } from './status/jobs.js';
import { checkReadiness, type Readiness } from './db/readiness.js';
import { type Metrics, sharedRead } from './telemetry/metrics.js';

/**
 * Domain services, built once per process and shared by GraphQL resolvers, REST routes and jobs. No business
 * rule lives in a resolver or a route; each service names its collaborators in its constructor.
 */
export interface Services {
  /** Operator access (ADMIN_TOKEN bearer tokens) and the append-only audit log of admin writes. */
  admin: AdminService;
  accounts: AccountsService;
  /** Dashboard sign-in and cookie sessions. */
  auth: AuthService;
  /** Wallet sign-in: challenges (SIWE, Sign-In With Solana) and their signatures, which open dashboard sessions. */
  signIn: SignInService;
  /** The account's team: members by wallet, with roles. */
  team: TeamService;
  /** Liveness and the providers loaded in this instance. */
  health(): { ok: boolean; providers: string[] };
  /** Readiness: the database answers, this build's migrations are applied, the pubsub LISTEN connection is up. */
  ready(): Promise<Readiness>;
  providers: ProviderRegistry;
  rpc: RpcClients;
  assets: AssetsService;
  checkout: CheckoutService;
  webhooks: WebhooksService;
  events: EventsService;
  quotes: QuoteService;
  orders: OrdersService;
  partners: PartnersService;
  /** Request rate limits, asked by the HTTP layer (REST routes, GraphQL operations). */
  ratelimit: RateLimitService;
  /** Idempotency-Key requests (REST `idempotent: true` routes, GraphQL `idempotent()` mutations). */
  idempotency: IdempotencyService;
  invoices: InvoicesService;
  subscriptions: SubscriptionsService;
  mail: MailService;
  /** Deposit addresses (beta): Relay in live mode, the sandbox in test mode. */
  deposits: DepositsService;
  limitOrders: LimitOrdersService;
  /** Every API request of an account (recorded by the transports, written in batches) and the daily usage roll-up. */
  requestLogs: RequestLogsService;
  /** CSV exports of orders, checkout sessions, invoices and deposits (rows asked of each owner's service). */
  exports: ExportsService;
  /** The double-entry fee ledger: every fill's fees, posted in the fill's transaction; balances, totals, reversals. */
  ledger: LedgerService;
  /** The public platform status: signals per component, hourly roll-ups, incidents and maintenance. */
  status: StatusService;
  /** Checkout "pay by transfer" (one-time deposit addresses for sessions). */
  transfer: TransferPayments;
  jobs: JobRunner;
  startJobs(): void;
  stop(): Promise<void>;
}

/**
 * The composition root: every service in dependency order, then the cross-domain hooks, then every job.
 * This is the one place to read how data flows between domains.
 *
 * `sql` is the raw connection for the few statements Prisma does not express (quote store inserts, the order
 * poller's claim, event retention); `pgPool` the Postgres pool when there is one (the rate limiter's store).
 */
export function createServices(infra: Infra, sql: RawSql, opts: { pgPool?: pg.Pool } = {}): Services {
  const { config, log, clock, prisma, pubsub, metrics } = infra;
  const jobs = new JobRunner(log);

  // ---- building blocks ---------------------------------------------------------------------------------
  const admin = new AdminService({ prisma, config });
  const accounts = new AccountsService({ prisma, clock, config });
  const auth = new AuthService({ prisma, clock, config, accounts });
  const providers = new ProviderRegistry(config, log, providerFactories, { clock });
  const rpc = new RpcClients(config);
  const assets = new AssetsService({ config, log, clock, rpc, providers });
  // ---- dashboard sign-in: a signed challenge opens a session; removing a member ends theirs -------------------
  const team = new TeamService({ prisma, clock, onRemoved: (memberId) => auth.revokeMemberSessions(memberId) });
  const signIn = new SignInService({
    prisma,
    clock,
    config,
    // EVM chains of the chain list that have an RPC endpoint; EIP-1271 and EIP-6492 signatures are checked on them.
    chains: { served: (id) => assets.chains.info(id)?.vm === 'evm' && !!rpc.rpcUrl(id), client: (id) => rpc.evm(id) },
    memberships: team,
    sessions: auth,
  });
  const partners = new PartnersService({ prisma, clock });
  // A rolled API key keeps its partner: the new key is linked where the old one was (fees follow the key).
  accounts.onKeyRolled((oldKeyId, newKeyId) => partners.keyRolled(oldKeyId, newKeyId));
  // The operator's view of an account names the partner it owns (partners are the partners domain's).
  accounts.setPartnerLookup(async (accountId) => (await partners.forAccount(accountId))?.id ?? null);
  // Counters shared by every instance: Redis, else Postgres, else (embedded PGlite, one process) memory.
  const ratelimit = new RateLimitService({
    config,
    log,
    store: config.RATE_LIMIT_ENABLED
      ? createLimiterStore({ redisUrl: config.REDIS_URL, pgPool: opts.pgPool, keyPrefix: config.RATE_LIMIT_KEY_PREFIX })
      : createLimiterStore({ keyPrefix: config.RATE_LIMIT_KEY_PREFIX }), // never asked; opens no connection
  });
  const idempotency = new IdempotencyService({ config, log, clock, prisma });
  const requestLogs = new RequestLogsService({ config, log, clock, prisma, sql });

  // ---- swaps: quotes → orders ------------------------------------------------------------------------------
  // Embedded PGlite (no Postgres pool): this process alone owns the database, so the store writes behind.
  const quoteStore = config.REDIS_URL
    ? new RedisQuoteStore(config.REDIS_URL, clock)
    : opts.pgPool
      ? new PgQuoteStore(sql, clock)
      : new EmbeddedQuoteStore(sql, clock, log);
  const simulator = new CallsSimulator({ rpcUrl: (chainId) => rpc.rpcUrl(chainId), timeoutMs: config.RPC_TIMEOUT_MS, mode: config.CALLS_SIMULATION_MODE });
  const quotes = new QuoteService({ config, clock, log, providers, assets, partners, store: quoteStore, simulator });
  // The checkout session quote's direct option is a stored quote too, built by its own "provider" (never fanned out to).
  const direct = directProvider({ rpc });
  const builders = { get: (id: string) => (id === DIRECT_PROVIDER ? direct : providers.get(id)) };
  const orders = new OrdersService({ config, log, clock, prisma, pubsub, quotes, providers: builders, rpc, wakePoller: () => jobs.kick(ORDER_POLL_JOB) });

  // ---- limit orders: Jupiter Trigger; each fill becomes an order record --------------------------------------
  const trigger = jupiterLimitOrders({ baseUrl: config.JUPITER_API_URL, basePath: config.JUPITER_TRIGGER_PATH, apiKey: config.JUPITER_API_KEY });
  // Only with jupiter among PROVIDERS: otherwise create/submit/cancel answer NO_ROUTE and no fill poller runs.
  const limitOrdersEnabled = providers.ids().includes('jupiter');
  const limitOrders = new LimitOrdersService({
    config,
    log,
    clock,
    prisma,
    pubsub,
    assets,
    partners,
    feeSettings: quotes.feeSettings,
    trigger,
    enabled: limitOrdersEnabled,
    transferFeeMints: (mints) => transferFeeMints(rpc.solana(), mints),
    wakePoller: () => jobs.kick(LIMIT_ORDER_POLL_JOB),
  });

  // ---- events and webhooks ---------------------------------------------------------------------------------
  const webhooks = new WebhooksService({ config, log, clock, prisma, wakeWorker: () => jobs.kick(WEBHOOKS_DELIVER_JOB) });
  const events = new EventsService({ prisma, clock, webhooks });

  // ---- checkout --------------------------------------------------------------------------------------------
  const checkout = new CheckoutService({ config, log, clock, prisma, assets, quotes, rpc, wakeVerifier: () => jobs.kick(VERIFY_JOB) });
  const verifier = new CheckoutVerifier({ config, log, clock, rpc, payments: checkout, builds: checkout.builds, routed: routedDeliveryLookup(orders) });

  // ---- cross-domain hooks: orders ↔ checkout ---------------------------------------------------------------
  // A quote handed out by checkout's payer quote endpoint pays its session: the order records the session id,
  // and the session's payment is written in the same transaction as the order (a refusal fails the report).
  orders.setCheckoutSessionLookup((quote, tx) => checkout.sessionModeForQuote(quote, tx));
  orders.onReported((order, quote, tx, how) => checkout.onRoutedReported(order, quote, tx, how));
  // A payer quote's built transaction is its session's evidence: a routed source transaction must be one of them.
  orders.onBuilt((quote, tx) => checkout.onBuilt(quote, tx));
  // Past the bound of unseen reports, a report is taken only if the chain already shows it.
  checkout.setSeenProbe((payment, session, tx) => verifier.isSeen(payment, session, tx));
  // Signed bytes a provider broadcasts cannot be called back: refuse before they go if the session is closed.
  orders.onBeforeSubmit((quote) => checkout.assertAcceptsPayment(quote));

  // ---- the fee ledger: every order that becomes filled posts its fees in the transaction that fills it ---------
  // (swaps, routed checkout payments and deposit orders through the order poller, limit-order fills through their
  // poller). Prices are read before that transaction opens; a fill is never committed without its entries.
  const ledger = new LedgerService({ log, clock, prisma, assets });
  orders.onFilled(ledger.fillListener);

  // ---- partners: earnings read from the orders attributed to them ------------------------------------------
  // Per source chain and token, with the chain's slug and the token's symbol and decimals where the service knows
  // them (a token it can no longer resolve keeps its address, with symbol and decimals null).
  partners.setEarningsSource(async (partnerId, mode, range) =>
    Promise.all(
      (await orders.partnerEarnings(partnerId, mode, range)).map(async (r) => {
        const token = r.token ? await assets.resolveToken(r.chainId, r.token).catch(() => null) : null;
        const chain = assets.listChains().find((c) => c.id === r.chainId)?.slug ?? String(r.chainId);
        return { ...r, chain, symbol: token?.symbol ?? null, decimals: token?.decimals ?? null };
      }),
    ),
  );

  // ---- invoices: paid through checkout, emailed through the outbox ---------------------------------------
  const mail = new MailService({ config, log, clock, prisma });
  const invoices = new InvoicesService({ config, log, clock, prisma, checkout, checkoutPayments: checkout, mail });
  mail.onDelivered((m) => invoices.onEmailDelivered(m));

  // ---- deposit addresses: each deposit is an order record, followed by the order poller ---------------------
  const sandbox = sandboxProvider();
  const deposits = new DepositsService({
    config,
    log,
    clock,
    prisma,
    pubsub,
    assets,
    partners,
    feeSettings: quotes.feeSettings,
    feeRecipients: { evm: config.FEE_RECIPIENT_EVM?.toLowerCase(), svm: config.FEE_RECIPIENT_SOLANA },
    live: providers.ids().includes('relay')
      ? relayDepositProvider({ baseUrl: config.RELAY_API_URL, apiKey: config.RELAY_API_KEY, referrer: config.BRAND })
      : undefined,
    sandbox,
    orders,
    wakeOrderPoller: () => jobs.kick(ORDER_POLL_JOB),
    wakeDetector: () => jobs.kick(DEPOSIT_DETECT_JOB),
  });
  // Checkout "pay by transfer": a deposit at a session's one-time address is a routed payment of that session,
  // recorded in the deposit's own transaction (the deposit order and the payment commit together); the order's
  // later changes (filled, refunded, failed) wake the verifier through the orders → checkout hook above.
  const transfer = new TransferPayments({ log, checkout, deposits, now: () => clock.now() });
  deposits.onDepositRecorded(transfer.depositListener);
  // The order poller asks the sandbox about sandbox orders (it quotes nothing, so it is not a loaded provider).
  const orderProviders = { get: (id: string) => (id === sandbox.id && sandbox.orders ? sandbox.orders : builders.get(id)) };
  // ---- subscriptions: a period's invoice is an invoice; paying it is the invoice's payment --------------
  const subscriptions = new SubscriptionsService({ config, log, clock, prisma, invoices, mail });

  // ---- CSV exports: each owner's service hands over its rows ------------------------------------------------
  const exports = new ExportsService({ clock, orders, checkout, invoices, deposits });

  // ---- platform status: signals from the quote calls and the answered requests (here) and probes -----------------
  const status = new StatusService({
    config,
    log,
    clock,
    prisma,
    sql,
    providers,
    callProvider: (provider, req) => quotes.callProvider(provider, req),
    rpc,
    chainName: (id) => assets.chains.info(id)?.name,
    webhooks,
  });
  quotes.observeProviderCalls((call) => status.providerCall(call));
  // The API's own health: every answered HTTP request and WebSocket operation, at the one observation point.
  infra.requests.add((r) => status.recordResponse(r.status));

  // ---- listeners that run in order: registration order is run order, so each list is registered here, whole --
  // A session's status change, inside the transaction that moves it:
  //   1. the session paying an invoice becomes paid → the invoice becomes paid;
  //   2. a session that can no longer take a payment has its transfer addresses disabled;
  //   3. the invoice paid in 1 → its subscription period is paid and its dunning stops (needs 1 first).
  checkout.onStatusChange((tx, before, after) => invoices.onSessionStatus(tx, before, after));
  checkout.onStatusChange((tx, before, after) => transfer.onSessionStatus(tx, before, after));
  checkout.onStatusChange((tx, before, after) => subscriptions.onSessionStatus(tx, before, after));
  // An order's change, once committed (its report, then filled, refunded, failed):
  //   1. an order paying a session wakes the verifier at once;
  //   2. a deposit order pushes its address's subscribers.
  orders.onChange(async (order) => {
    if (order.checkoutSessionId) checkout.wakeVerifier();
  });
  orders.onChange((order) => deposits.onOrderChange(order));

  // ---- jobs ------------------------------------------------------------------------------------------------
  jobs.add(webhooksDeliverJob({ webhooks }));
  jobs.add(eventRetentionJob(sql, clock, config.EVENT_RETENTION_DAYS));
  jobs.add(
    orderPollerJob({
      config,
      log,
      clock,
      prisma,
      sql,
      orders,
      providers: orderProviders,
      settlement: onChainSettlement({ rpc, vmOf: (id) => assets.chains.info(id)?.vm }),
    }),
  );
  if (limitOrdersEnabled) jobs.add(limitOrderPollerJob({ config, log, clock, prisma, sql, trigger, limitOrders, fills: orders.fills }));
  jobs.add(quoteStoreSweepJob(quoteStore));
  jobs.add(checkoutVerifyJob({ config, checkout, verifier }));
  jobs.add(checkoutExpireJob({ config, checkout }));
  jobs.add(quoteLinksSweepJob({ checkout }));
  jobs.add(idempotencySweepJob({ idempotency }));
  jobs.add(requestLogRetentionJob({ requestLogs }));
  jobs.add(authSweepJob({ auth }));
  jobs.add(mailDeliverJob({ config, mail }));
  jobs.add(depositDetectorJob({ config, log, clock, prisma, sql, deposits }));
  jobs.add(subscriptionsBillingJob({ subscriptions }, config.SUBSCRIPTIONS_POLL_MS));
  for (const job of assetsJobs(assets)) jobs.add(job);
  for (const job of statusJobs({ status, config })) jobs.add(job);
  // Commits in any instance wake these jobs at once (they also poll, so a missed wake-up only delays).
  const wakeTopics: Array<[topic: string, job: string]> = [
    [mailWakeTopic, MAIL_JOB],
    [webhooksWakeTopic, WEBHOOKS_DELIVER_JOB],
  ];
  const unsubscribes: Array<Promise<(() => Promise<void>) | undefined>> = [];

  if (metrics) wireMetrics(metrics, { quotes, webhooks, jobs, ratelimit, ledger });

  return {
    admin,
    accounts,
    auth,
    signIn,
    team,
    health: () => ({ ok: true, providers: providers.ids() }),
    ready: () => checkReadiness({ sql, pubsub }),
    providers,
    rpc,
    assets,
    checkout,
    webhooks,
    events,
    quotes,
    orders,
    partners,
    ratelimit,
    idempotency,
    invoices,
    subscriptions,
    mail,
    deposits,
    limitOrders,
    requestLogs,
    exports,
    ledger,
    status,
    transfer,
    jobs,
    startJobs: () => {
      jobs.start();
      for (const [topic, job] of wakeTopics)
        unsubscribes.push(
          pubsub
            .subscribe(topic, () => jobs.kick(job))
            .catch((err) => {
              log.warn({ err, job }, 'wake-up subscription failed; the job polls');
              return undefined;
            }),
        );
    },
    stop: async () => {
      for (const u of await Promise.all(unsubscribes)) await u?.().catch(() => {});
      await jobs.stop();
      // The HTTP server closed first: what its last requests recorded is written before the database closes.
      await requestLogs.close();
      await status.close();
      mail.close();
      await quotes.close();
      await ratelimit.close();
    },
  };
}

/**
 * The metrics' sources (src/telemetry/metrics.ts), when metrics are served: each domain's hook feeds its counters,
 * and the webhook queue is read at each scrape. The fee ledger's gauges join here through `metrics.addCollector`.
 * (HTTP requests are observed in src/app.ts; the database pool there too; WebSockets by src/http/server.ts.)
 */
function wireMetrics(
  metrics: Metrics,
  d: { quotes: QuoteService; webhooks: WebhooksService; jobs: JobRunner; ratelimit: RateLimitService; ledger: LedgerService },
): void {
  d.quotes.observeProviderCalls((call) => metrics.providerCall(call));
  d.webhooks.observeDeliveries((outcome) => metrics.webhookDelivery(outcome));
  d.jobs.observe((run) => metrics.jobRun(run));
  d.ratelimit.observeRejections((bucket) => metrics.rateLimitRejection(bucket));
  // One query per scrape feeds both gauges.
  const queue = sharedRead(() => d.webhooks.queueStats());
  metrics.addCollector({
    name: 'swapgate_webhook_queue_pending',
    help: 'Webhook deliveries waiting to be sent (due or scheduled for a retry, in flight included), all instances.',
    collect: async (set) => set((await queue()).pending),
  });
  metrics.addCollector({
    name: 'swapgate_webhook_queue_oldest_due_age_seconds',
    help: 'How long the oldest due webhook delivery has waited past its due time (0: none is waiting), all instances.',
    collect: async (set) => set((await queue()).oldestDueSeconds),
  });
  // Ledger totals (live mode, net of reversals) per ledger account and leg: in USD at fill time, so tokens add no labels;
  // accounts are the service's revenue and one payable per partner (the operator's registry bounds them).
  const fees = sharedRead(() => d.ledger.totals());
  const perAccount = async () => {
    const sums = new Map<string, { account: string; leg: string; usd: number; entries: number }>();
    for (const t of (await fees()).data) {
      const k = `${t.group}|${t.leg}`;
      const cur = sums.get(k) ?? { account: t.group ?? 'none', leg: t.leg, usd: 0, entries: 0 };
      cur.usd += Number(t.usdValue ?? 0);
      cur.entries += t.entries;
      sums.set(k, cur);
    }
    return [...sums.values()];
  };
  metrics.addCollector({
    name: 'swapgate_ledger_fees_usd',
    help: 'Fees recorded in the fee ledger, live mode, net of reversals, per ledger account and leg: USD value at fill time (entries without a price count 0).',
    labelNames: ['account', 'leg'],
    collect: async (set) => {
      for (const r of await perAccount()) set(r.usd, { account: r.account, leg: r.leg });
    },
  });
  metrics.addCollector({
    name: 'swapgate_ledger_entries',
    help: 'Entries in the fee ledger, live mode, per ledger account and leg (reversals included).',
    labelNames: ['account', 'leg'],
    collect: async (set) => {
      for (const r of await perAccount()) set(r.entries, { account: r.account, leg: r.leg });
    },
  });
}
