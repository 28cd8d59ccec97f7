import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { createApp } from './app.js';
import { createHttpServer } from './http/server.js';
import { installShutdown } from './main.js';
import { directEvmTransfer } from './checkout/payer-quote.js';
import { DEVNET_ACCOUNTS, DEVNET_TOKENS, startDevnet, type Devnet } from './devnet/index.js';
import { parseInput } from './validation.js';
import { createInvoiceSchema } from './invoices/input.js';

/**
 * `npm run dev`: the whole service on one machine with nothing external — embedded PGlite under
 * DATA_DIR, test mode, a dev account whose test key is kept in DATA_DIR/dev-account.json (dev only:
 * production never stores a key in clear).
 */
async function dev() {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'development', LOG_LEVEL: 'warn', DEV_MAIL_PAGE: 'true', ...process.env };
  delete env.DATABASE_URL; // always embedded
  // Local devnet (DEVNET=0 turns it off): anvil posing as Base 8453 with USDC/DAI at their real addresses,
  // funded accounts and a maker, with the mock provider quoting on it, so quotes work with no network.
  let devnet: Devnet | undefined;
  if (env.DEVNET !== '0') {
    const port = Number(env.DEVNET_PORT ?? 8545);
    devnet = await startDevnet({ port }).catch(() => startDevnet({ port: 0 })); // 8545 busy → any free port
    env.RPC_URL_8453 = devnet.rpcUrl;
    env.MOCK_PROVIDER ??= '1';
    env.PROVIDERS ??= 'mock';
    env.CHECKOUT_CONFIRMATIONS ??= '8453:1'; // automine: a block only comes with the next transaction
  }
  const config = loadConfig(env);
  const app = await createApp(config);
  const { accounts, checkout, invoices, mail } = app.services;
  const running = await createHttpServer({ ...app.infra, services: app.services }).listen(config.PORT, config.HOST);
  installShutdown(app, running);

  const devFile = resolve(config.DATA_DIR, 'dev-account.json');
  let dev: { accountId: string; testKey: string } | undefined;
  if (existsSync(devFile)) {
    dev = JSON.parse(readFileSync(devFile, 'utf8'));
    if (!(await accounts.getAccount(dev!.accountId))) dev = undefined;
  }
  if (!dev) {
    const account = await accounts.createAccount('Dev account');
    const { key } = await accounts.createKey(account.id, 'test', 'npm run dev');
    dev = { accountId: account.id, testKey: key };
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(devFile, JSON.stringify(dev, null, 2), { mode: 0o600 });
  }

  const base = running.url.replace('127.0.0.1', 'localhost');
  // A fresh checkout session to open in a browser (25 USDC on Base to devnet account 2).
  const payLink = await checkout
    .create(
      { accountId: dev.accountId, mode: 'test', keyId: 'dev' },
      {
        amount: '25000000',
        settleChain: 'base',
        settleToken: 'USDC',
        recipient: DEVNET_ACCOUNTS[2].address,
        merchantName: 'Dev Shop',
        description: 'Sample order',
        expiresInMinutes: 1440,
      },
    )
    .then(
      (cs) => cs.url,
      () => undefined,
    );
  // A session for the review hint (devnet only): paid short from the test wallet, it goes to needs_review.
  const reviewSessionId = devnet
    ? await checkout
        .create(
          { accountId: dev.accountId, mode: 'test', keyId: 'dev' },
          {
            amount: '25000000',
            settleChain: 'base',
            settleToken: 'USDC',
            recipient: DEVNET_ACCOUNTS[2].address,
            merchantName: 'Dev Shop',
            description: 'Sample order (review)',
            expiresInMinutes: 1440,
          },
        )
        .then(
          (cs) => cs.id,
          () => undefined,
        )
    : undefined;
  // A sample invoice, sent (its email lands in the dev outbox unless SMTP_URL is set): 2 lines, 49 USDC on Base.
  const invoiceLink = await invoices
    .create(
      { accountId: dev.accountId, mode: 'test', keyId: 'dev' },
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
        recipient: DEVNET_ACCOUNTS[2].address,
        memo: 'Thank you for your business.',
        dueAt: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        send: true,
      }),
    )
    .then(
      (inv) => inv.url,
      () => undefined,
    );
  console.log(`
${config.BRAND} is running (embedded PGlite in ${resolve(config.DATA_DIR)}, test mode)

  GraphiQL     ${base}/graphql
  Health       ${base}/v1/health
  Error docs   ${base}/docs/errors
  API docs     ${base}/docs/api  (OpenAPI 3.1: ${base}/v1/openapi.json)

  Dev account  ${dev.accountId}
  Test key     ${dev.testKey}
${payLink ? `  Pay link     ${payLink}  (sample checkout session; wallet on ${devnet ? devnet.rpcUrl : 'Base'}, chain id 8453)\n` : ''}${invoiceLink ? `  Invoice      ${invoiceLink.replace('127.0.0.1', 'localhost')}  (sample invoice, sent; pay it like the pay link)\n` : ''}  Dev outbox   ${base}/dev/mail  (${mail.delivers ? 'emails also go out through SMTP_URL' : 'invoice and receipt emails; set SMTP_URL to deliver them'})

Try:
  curl -s ${base}/v1/health
  curl -s -H 'x-api-key: ${dev.testKey}' -H 'content-type: application/json' \\
    -d '{"query":"{ viewer { accountId mode } }"}' ${base}/graphql
  Rate limits: every answer carries RateLimit-Policy and RateLimit (curl -si shows them).
  Create and send an invoice (emailed to customerEmail; see the dev outbox); run it twice: the same
  Idempotency-Key replays the first answer (Idempotent-Replayed: true) instead of creating a second invoice:
  curl -si -H 'x-api-key: ${dev.testKey}' -H 'content-type: application/json' -H 'Idempotency-Key: dev-invoice-1' ${base}/v1/invoices \\
    -d '{"customerEmail":"ap@example.com","merchantName":"Dev Shop","lineItems":[{"description":"Work","quantity":2,"unitAmount":"5000000"}],"settleChain":"base","settleToken":"USDC","recipient":"${DEVNET_ACCOUNTS[2].address}","send":true}'
  Deposit addresses (beta; test mode uses the sandbox): create one, then simulate a deposit (an amount ending in
  4001 is refunded, 4002 fails, anything else fills) and watch its order in GET /v1/orders?depositAddressId=da_test_…:
  curl -s -H 'x-api-key: ${dev.testKey}' -H 'content-type: application/json' ${base}/v1/deposit-addresses \\
    -d '{"srcChain":"base","srcToken":"USDC","dstChain":"arbitrum","dstToken":"USDC","recipient":"${DEVNET_ACCOUNTS[2].address}","refundTo":"${DEVNET_ACCOUNTS[1].address}","label":"user-1"}'
  curl -s -H 'x-api-key: ${dev.testKey}' -H 'content-type: application/json' ${base}/v1/deposit-addresses/da_test_…/simulate -d '{"amount":"25000000"}'
  Subscriptions: a monthly plan on a test clock; advancing the clock runs a month of billing in one call
  (invoice, past due, reminders in the dev outbox); pay an invoice with POST /v1/invoices/<id>/sandbox-pay
  or the sandbox button on its page:
  curl -s -H 'x-api-key: ${dev.testKey}' -H 'content-type: application/json' ${base}/v1/test-clocks -d '{"frozenTime":"2027-01-31T09:00:00Z"}'
  curl -s -H 'x-api-key: ${dev.testKey}' -H 'content-type: application/json' ${base}/v1/subscriptions \\
    -d '{"customerEmail":"ap@example.com","merchantName":"Dev Shop","lineItems":[{"description":"Pro plan","quantity":1,"unitAmount":"49000000"}],"settleChain":"base","settleToken":"USDC","recipient":"${DEVNET_ACCOUNTS[2].address}","interval":"month","testClockId":"clock_..."}'
  curl -s -H 'x-api-key: ${dev.testKey}' -H 'content-type: application/json' ${base}/v1/test-clocks/clock_.../advance -d '{"frozenTime":"2027-03-08T09:00:00Z"}'
  Solana limit order (beta, Jupiter Trigger; needs jupiter in PROVIDERS and network access to JUPITER_API_URL): create, sign tx.serializedTx
  with the maker's wallet, then POST it to /v1/limit-orders/<id>/submit {"signedTransaction":"..."}:
  curl -s -H 'x-api-key: ${dev.testKey}' -H 'content-type: application/json' ${base}/v1/limit-orders \\
    -d '{"inputToken":"USDC","outputToken":"SOL","maker":"<your Solana wallet>","makingAmount":"50000000","limitPrice":"0.008"}'
  Checkout, pay by transfer: create a test session and open its url; under "Or pay by transfer" pick a network and
  token, enter a refund address, get the one-time address, then press "Simulate payment" (test mode) and watch it pay.
  The same without the page: POST ${base}/v1/checkout/sessions/cs_test_…/deposit-address
    -d '{"srcChain":"arbitrum","srcToken":"USDC","refundTo":"${DEVNET_ACCOUNTS[1].address}"}', then …/deposit-address/simulate -d '{"depositAddressId":"da_test_…"}'
  Over GraphQL: mutations createCheckoutTransferAddress and simulateCheckoutTransfer (public, no key).
  Checkout review: a session in needs_review (funds arrived but a check failed, e.g. underpaid) waits for you:
  POST …/checkout/sessions/cs_test_…/review/accept {"note"} pays it, …/review/reopen {"note"} lets the payer pay again
  (GraphQL: acceptCheckoutSessionReview, reopenCheckoutSession).${devnet ? ' Runnable on the devnet below.' : ''}
${devnet ? devnetHints(base, devnet, dev.testKey, reviewSessionId, payLink?.split('/pay/')[1]) : ''}`);
}

function devnetHints(base: string, devnet: Devnet, testKey: string, reviewSessionId: string | undefined, sessionId: string | undefined): string {
  const user = DEVNET_ACCOUNTS[1];
  // 1 of the 25 USDC due, from the test wallet (an unlocked anvil account, so the node signs it).
  // Tagged for the review session (the evidence every direct payment carries), or it would pay nothing.
  const short = reviewSessionId
    ? directEvmTransfer({
        chainId: 8453,
        token: DEVNET_TOKENS.USDC.address,
        recipient: DEVNET_ACCOUNTS[2].address,
        amount: 1_000_000n,
        sessionId: reviewSessionId,
      }).data
    : '';
  const review = reviewSessionId
    ? `
  Review a short payment: send 1 of the 25 USDC of session ${reviewSessionId} from the test wallet, report it
  (the verifier puts the session in needs_review, reason underpaid), then accept it as paid with a note
  (or POST …/review/reopen {"note":"…"} to let the payer pay again); GET the session to see status and reviews:
  curl -s -H 'content-type: application/json' ${devnet.rpcUrl} -d '{"jsonrpc":"2.0","id":1,"method":"eth_sendTransaction","params":[{"from":"${user.address}","to":"${DEVNET_TOKENS.USDC.address}","data":"${short}"}]}'
  curl -s -H 'content-type: application/json' ${base}/v1/checkout/sessions/${reviewSessionId}/submitted -d '{"txHash":"<result above>","payer":"${user.address}"}'
  curl -s -H 'x-api-key: ${testKey}' -H 'content-type: application/json' ${base}/v1/checkout/sessions/${reviewSessionId}/review/accept -d '{"note":"Customer paid the rest by bank transfer"}'
`
    : '';
  return `
Devnet (anvil as Base 8453)  ${devnet.rpcUrl}
  Providers    ${process.env.PROVIDERS ? process.env.PROVIDERS : 'mock (set PROVIDERS=relay,...,mock for real ones too)'}
  Test wallet  ${user.address}  (private key ${user.privateKey}; public anvil key, devnet only)
  Quote (offline, mock provider):
  curl -s '${base}/v1/quote?srcChain=8453&srcToken=USDC&amount=25000000&dstChain=8453&dstToken=DAI&sender=${user.address}&recipient=${user.address}'
  The same over GraphQL (one input object; expected failures come back typed, with their code):
  curl -s -H 'content-type: application/json' ${base}/graphql -d '{"query":"query($in: QuoteInput!) { quote(input: $in) { __typename ... on QuoteResponse { best { quoteId provider dstAmount expiresAt } } ... on Error { code message } } }","variables":{"in":{"srcChain":"8453","srcToken":"USDC","amount":"25000000","dstChain":"8453","dstToken":"DAI","sender":"${user.address}","recipient":"${user.address}"}}}'
  Then POST /v1/orders {"quoteId":"q_..."}, send the approval and the tx from the test wallet to ${devnet.rpcUrl},
  and POST /v1/orders/<quoteId>/submitted {"txHash":"0x..."}: the mock maker delivers once it is mined.${
    sessionId
      ? `
  Pay the sample session by the payer flow of every quote (its direct option is a quote too; the build is a USDC transfer
  carrying the session's tag, the only kind of transfer that can pay this session; a report alone moves nothing):
  curl -s -H 'content-type: application/json' ${base}/v1/checkout/sessions/${sessionId}/quote -d '{"srcChain":"8453","srcToken":"USDC","sender":"${user.address}"}'
  curl -s -H 'content-type: application/json' ${base}/v1/orders -d '{"quoteId":"<best.quoteId above>"}'
  curl -s -H 'content-type: application/json' ${devnet.rpcUrl} -d '{"jsonrpc":"2.0","id":1,"method":"eth_sendTransaction","params":[{"from":"${user.address}","to":"${DEVNET_TOKENS.USDC.address}","data":"${directEvmTransfer({ chainId: 8453, token: DEVNET_TOKENS.USDC.address, recipient: DEVNET_ACCOUNTS[2].address, amount: 25_000_000n, sessionId }).data}"}]}'
  curl -s -H 'content-type: application/json' ${base}/v1/orders/<best.quoteId>/submitted -d '{"txHash":"<result above>"}'`
      : ''
  }
${review}`;
}

dev().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
