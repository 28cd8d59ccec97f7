import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createApp } from './app.js';
import { createHttpServer } from './http/server.js';
import { shutdownOnSignal } from './main.js';
import { devHints } from './dev-hints.js';
import { DEVNET_ACCOUNTS, startDevnet, type Devnet } from './devnet/index.js';
import { parseInput } from './validation.js';
import { createInvoiceSchema } from './invoices/input.js';
import { internalAuth } from './accounts/service.js';

/**
 * `npm run dev`: the whole service on one machine with nothing external — the database of DATABASE_URL, else
 * embedded PGlite under DATA_DIR (`memory://`: nothing kept), test mode, a dev account whose test key is kept in
 * DATA_DIR/dev-account.json (dev only: production never stores a key in clear).
 */
async function dev() {
  // Before the devnet starts: a Ctrl-C while it does stops it too, once everything is up (another exits at once).
  const shutdown = shutdownOnSignal();
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'development', LOG_LEVEL: 'warn', DEV_MAIL_PAGE: 'true', ...process.env };
  // Local devnet (DEVNET=0 turns it off): anvil posing as Base 8453 with USDC/DAI at their real addresses,
  // funded accounts and a maker, with the mock provider quoting on it, so quotes work with no network.
  let devnet: Devnet | undefined;
  if (env.DEVNET !== '0') {
    const port = Number(env.DEVNET_PORT ?? 8545);
    // 8545 busy → any free port; no anvil at all (an optional dependency) → the service without the devnet hints.
    devnet = await startDevnet({ port })
      .catch(() => startDevnet({ port: 0 }))
      .catch((err: unknown) => {
        console.warn(`The local devnet did not start (${err instanceof Error ? err.message : String(err)}); running without it (DEVNET=0 skips it).`);
        return undefined;
      });
  }
  if (devnet) {
    env.RPC_URL_8453 = devnet.rpcUrl;
    env.MOCK_PROVIDER ??= '1';
    env.PROVIDERS ??= 'mock';
    env.CHECKOUT_CONFIRMATIONS ??= '8453:1'; // automine: a block only comes with the next transaction
  }
  // The operator's pages and API: a dev-only token made for this run (an ADMIN_TOKEN of your own wins and is not printed).
  const adminToken = env.ADMIN_TOKEN ? undefined : randomBytes(32).toString('base64url');
  if (adminToken) env.ADMIN_TOKEN = `dev:${adminToken}`;
  const config = loadConfig(env);
  const app = await createApp(config);
  const { accounts, checkout, invoices, mail } = app.services;
  const running = await createHttpServer({ ...app.infra, services: app.services }).listen(config.PORT, config.HOST);

  const dev = await devAccount(config, accounts);
  // The dashboard's one-click sign-in (development only): the dev account, as devnet account 0, its owner.
  app.services.auth.enableDevSignIn({ accountId: dev.accountId, address: DEVNET_ACCOUNTS[0]!.address }, config.NODE_ENV);
  const base = running.url.replace('127.0.0.1', 'localhost');
  const owner = internalAuth(dev.accountId, 'test', 'dev');
  // A fresh checkout session to open in a browser (25 USDC on Base to devnet account 2).
  const payLink = await checkout
    .create(owner, {
      amount: '25000000',
      settleChain: 'base',
      settleToken: 'USDC',
      recipient: DEVNET_ACCOUNTS[2]!.address,
      merchantName: 'Dev Shop',
      description: 'Sample order',
      expiresInMinutes: 1440,
    })
    .then(
      (cs) => cs.url,
      () => undefined,
    );
  // A sample invoice, sent (its email lands in the dev outbox unless SMTP_URL is set): 2 lines, 49 USDC on Base.
  const invoiceLink = await invoices
    .create(
      owner,
      parseInput(createInvoiceSchema, {
        customerEmail: 'customer@example.com',
        customerName: 'Sample Customer',
        merchantName: 'Dev Shop',
        lineItems: [
          { description: 'Consulting, 4 hours', quantity: 4, unitAmount: '10000000' },
          { description: 'Hosting, 1 month', quantity: 1, unitAmount: '9000000' },
        ],
        settleChain: 'base',
        settleToken: 'USDC',
        recipient: DEVNET_ACCOUNTS[2]!.address,
        memo: 'Thank you for your business.',
        dueAt: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        send: true,
      }),
    )
    .then(
      (inv) => inv.url,
      () => undefined,
    );
  // devnet:pay finds this server and devnet by itself on the default ports; otherwise the hints say where.
  const payArgs = [
    base === 'http://localhost:8787' ? '' : ` --api ${base}`,
    devnet && devnet.rpcUrl !== 'http://127.0.0.1:8545' ? ` --rpc ${devnet.rpcUrl}` : '',
  ].join('');
  const providers = env.PROVIDERS === 'mock' ? 'mock (set PROVIDERS=relay,...,mock for real ones too)' : (env.PROVIDERS ?? 'the default set');
  console.log(`
${config.BRAND} is running (${databaseLabel(config)}, test mode)

  Dashboard    ${base}/dashboard  (one-click sign-in as the dev account; rebuilt and reloaded on every change of web/dashboard)
  Admin        ${base}/admin  (${adminToken ? `admin token for this run: ${adminToken}` : 'sign in with your ADMIN_TOKEN'})
  Status       ${base}/status  (public; JSON at ${base}/v1/status)
  GraphiQL     ${base}/graphql
  Health       ${base}/v1/health
  Error docs   ${base}/docs/errors
  API docs     ${base}/docs/api  (OpenAPI 3.1: ${base}/v1/openapi.json)

  Dev account  ${dev.accountId}
  Test key     ${dev.testKey}
${payLink ? `  Pay link     ${payLink}  (sample checkout session; wallet on ${devnet ? devnet.rpcUrl : 'Base'}, chain id 8453)\n` : ''}${invoiceLink ? `  Invoice      ${invoiceLink.replace('127.0.0.1', 'localhost')}  (sample invoice, sent; pay it like the pay link)\n` : ''}  Dev outbox   ${base}/dev/mail  (${mail.delivers ? 'emails also go out through SMTP_URL' : 'invoice and receipt emails; set SMTP_URL to deliver them'})

${devHints({ base, testKey: dev.testKey, payArgs, adminToken, devnet: devnet ? { rpcUrl: devnet.rpcUrl, providers } : undefined })}`);
  // Last: a Ctrl-C during the steps above stops the service once they are done, not under them.
  shutdown.attach(app, running, async () => devnet?.stop());
}

/** Where the data lives, for the banner (a Postgres URL without its password). */
function databaseLabel(config: Config): string {
  if (config.DATABASE_URL) {
    const u = new URL(config.DATABASE_URL);
    if (u.password) u.password = '***';
    return `Postgres at ${u.toString()}`;
  }
  return config.DATA_DIR === 'memory://' ? 'in-memory PGlite: nothing is kept' : `embedded PGlite in ${resolve(config.DATA_DIR)}`;
}

/** The dev account and its test key: the one DATA_DIR/dev-account.json names if the database still has it, else a new one. */
async function devAccount(config: Config, accounts: Awaited<ReturnType<typeof createApp>>['services']['accounts']) {
  const devFile = config.DATA_DIR === 'memory://' ? undefined : resolve(config.DATA_DIR, 'dev-account.json');
  if (devFile && existsSync(devFile)) {
    const kept = JSON.parse(readFileSync(devFile, 'utf8')) as { accountId: string; testKey: string };
    if (await accounts.getAccount(kept.accountId)) return kept;
  }
  const account = await accounts.createAccount('Dev account');
  const { key } = await accounts.createKey(account.id, 'test', { name: 'npm run dev' });
  const dev = { accountId: account.id, testKey: key };
  if (devFile) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(devFile, JSON.stringify(dev, null, 2), { mode: 0o600 });
  }
  return dev;
}

dev().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
