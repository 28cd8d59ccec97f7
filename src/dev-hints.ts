import { DEVNET_ACCOUNTS, DEVNET_TOKENS } from './devnet/constants.js';

/**
 * The "Try" part of what `npm run dev` prints. Every line indented by four spaces is a shell command that runs as
 * printed (test/dev/hints.test.ts runs each block, `sh -ec`, against a dev server): ids a later command needs are
 * taken from the earlier answer into a shell variable, so a block pasted whole works however often it is run.
 */
export interface HintContext {
  /** The service as the developer reaches it (http://localhost:8787). */
  base: string;
  testKey: string;
  /** The local devnet (anvil as Base), when it runs. */
  devnet?: { rpcUrl: string; providers: string };
  /** Extra arguments devnet:pay needs to find this server and devnet (none with the default ports). */
  payArgs: string;
  /** The dev-only admin token generated for this run (absent when the developer set ADMIN_TOKEN: not printed). */
  adminToken?: string;
}

const RECIPIENT = DEVNET_ACCOUNTS[2]!.address;
const WALLET = DEVNET_ACCOUNTS[1]!.address;

/** JSON as one single-quoted shell word; `$NAME` inside a string value stays a shell variable. */
const body = (v: unknown) => `'${JSON.stringify(v).replace(/\$([A-Z_]+)/g, `'$$$1'`)}'`;
/** The value at `path` of the JSON answer piped in (node is there wherever npm run dev runs). */
const pick = (path: string) => `node -pe 'JSON.parse(fs.readFileSync(0)).${path}'`;
const gql = (query: string, variables?: Record<string, unknown>) => body(variables ? { query, variables } : { query });

export function devHints(c: HintContext): string {
  const key = `-H 'x-api-key: ${c.testKey}'`;
  const json = `-H 'content-type: application/json'`;
  const post = `curl -s ${key} ${json}`;
  const postPublic = `curl -s ${json}`;
  const session = (description: string) =>
    body({
      amount: '25000000',
      settleChain: 'base',
      settleToken: 'USDC',
      recipient: RECIPIENT,
      merchantName: 'Dev Shop',
      description,
      expiresInMinutes: 1440,
    });
  const newSession = (description: string) => `SESSION=$(${post} ${c.base}/v1/checkout/sessions -d ${session(description)} | ${pick('id')})`;
  const blocks: string[] = [];
  const hint = (text: string, ...commands: string[]) => blocks.push([...text.split('\n').map((l) => `  ${l}`), ...commands.map((l) => `    ${l}`)].join('\n'));

  hint('Health (liveness) and readiness (database, migrations, pubsub):', `curl -s ${c.base}/v1/health`, `curl -s ${c.base}/v1/ready`);
  hint('Who am I, over GraphQL (the key in x-api-key):', `${post} ${c.base}/graphql -d ${gql('{ viewer { accountId mode } }')}`);
  hint(
    'Rate limits: every answer carries RateLimit-Policy and RateLimit. Create and send an invoice (emailed to\ncustomerEmail; see the dev outbox); run it twice: the same Idempotency-Key replays the first answer\n(Idempotent-Replayed: true) instead of creating a second invoice:',
    `curl -si ${key} ${json} -H 'Idempotency-Key: dev-invoice-1' ${c.base}/v1/invoices \\`,
    `  -d ${body({
      customerEmail: 'ap@example.com',
      merchantName: 'Dev Shop',
      lineItems: [{ description: 'Work', quantity: 2, unitAmount: '5000000' }],
      settleChain: 'base',
      settleToken: 'USDC',
      recipient: RECIPIENT,
      send: true,
    })}`,
  );
  hint(
    'Deposit addresses (beta; test mode uses the sandbox): create one, simulate a deposit (an amount ending in 4001\nis refunded, 4002 fails, anything else fills), then list its orders:',
    `DA=$(${post} ${c.base}/v1/deposit-addresses \\`,
    `  -d ${body({ srcChain: 'base', srcToken: 'USDC', dstChain: 'arbitrum', dstToken: 'USDC', recipient: RECIPIENT, refundTo: WALLET, label: 'user-1' })} | ${pick('id')})`,
    `${post} ${c.base}/v1/deposit-addresses/$DA/simulate -d ${body({ amount: '25000000' })}`,
    `curl -s ${key} "${c.base}/v1/orders?depositAddressId=$DA"`,
  );
  hint(
    'Subscriptions: a monthly plan on a test clock; advancing the clock runs a month of billing in one call (invoice,\npast due, reminders in the dev outbox; pay an invoice with POST /v1/invoices/{id}/sandbox-pay or its page):',
    `CLOCK=$(${post} ${c.base}/v1/test-clocks -d ${body({ frozenTime: '2027-01-31T09:00:00Z' })} | ${pick('id')})`,
    `${post} ${c.base}/v1/subscriptions \\`,
    `  -d ${body({
      customerEmail: 'ap@example.com',
      merchantName: 'Dev Shop',
      lineItems: [{ description: 'Pro plan', quantity: 1, unitAmount: '49000000' }],
      settleChain: 'base',
      settleToken: 'USDC',
      recipient: RECIPIENT,
      interval: 'month',
      testClockId: '$CLOCK',
    })}`,
    `${post} ${c.base}/v1/test-clocks/$CLOCK/advance -d ${body({ frozenTime: '2027-03-08T09:00:00Z' })}`,
  );
  hint(
    'Create a checkout session (25 USDC on Base; open its `url` to pay it in a browser):',
    `${post} ${c.base}/v1/checkout/sessions -d ${session('Sample order')}`,
  );
  hint(
    'Checkout, pay by transfer (what the pay page\'s "Or pay by transfer" does): a one-time address for a network and\ntoken, then, in test mode, a simulated transfer to it that pays the session:',
    newSession('Pay by transfer'),
    `DA=$(${postPublic} ${c.base}/v1/checkout/sessions/$SESSION/deposit-address \\`,
    `  -d ${body({ srcChain: 'arbitrum', srcToken: 'USDC', refundTo: WALLET })} | ${pick('depositAddressId')})`,
    `${postPublic} ${c.base}/v1/checkout/sessions/$SESSION/deposit-address/simulate -d ${body({ depositAddressId: '$DA' })}`,
  );
  hint(
    'The same over GraphQL: createCheckoutSession (key), then the public transfer mutations createCheckoutTransferAddress\nand simulateCheckoutTransfer (expected failures come back typed: `... on Error { code message }`):',
    `SESSION=$(${post} ${c.base}/graphql -d ${gql(
      'mutation($in: CreateCheckoutSessionInput!) { createCheckoutSession(input: $in) { ... on CreateCheckoutSessionPayload { checkoutSession { id } } ... on Error { code message } } }',
      { in: { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT, merchantName: 'Dev Shop' } },
    )} | ${pick('data.createCheckoutSession.checkoutSession.id')})`,
    `DA=$(${postPublic} ${c.base}/graphql -d ${gql(
      'mutation($in: CreateCheckoutTransferAddressInput!) { createCheckoutTransferAddress(input: $in) { __typename ... on CreateCheckoutTransferAddressPayload { transfer { depositAddressId address amount tokenSymbol } } ... on Error { code message } } }',
      { in: { sessionId: '$SESSION', srcChain: 'arbitrum', srcToken: 'USDC', refundTo: WALLET } },
    )} | ${pick('data.createCheckoutTransferAddress.transfer.depositAddressId')})`,
    `${postPublic} ${c.base}/graphql -d ${gql(
      'mutation($in: SimulateCheckoutTransferInput!) { simulateCheckoutTransfer(input: $in) { __typename ... on SimulateCheckoutTransferPayload { checkoutSession { id status } } ... on Error { code message } } }',
      { in: { sessionId: '$SESSION', depositAddressId: '$DA' } },
    )}`,
  );
  if (c.adminToken) {
    const admin = `curl -s -H 'authorization: Bearer ${c.adminToken}'`;
    hint('Operator (the admin token printed above; dev only): the audit log of every admin write:', `${admin} ${c.base}/v1/admin/audit-log`);
    hint(
      'Operator: the partner registry and the newest accounts (writes: docs/admin.md; each lands in the audit log):',
      `${admin} ${c.base}/v1/admin/partners`,
      `${admin} '${c.base}/v1/admin/accounts?limit=5'`,
    );
    hint(
      'Post an incident on the status page (see it at /status and in GET /v1/status), then resolve it:',
      `INCIDENT=$(${admin} ${json} ${c.base}/v1/admin/status/incidents -d ${body({
        kind: 'incident',
        title: 'Slow quotes (a dev example)',
        message: 'Trying the status page.',
        components: [{ id: 'api', impact: 'degraded_performance' }],
      })} | ${pick('id')})`,
      `${admin} ${json} ${c.base}/v1/admin/status/incidents/$INCIDENT/updates -d ${body({ status: 'resolved', message: 'All good again.' })}`,
    );
    hint('Prometheus metrics (the same token; METRICS_PORT would serve them on a port of their own):', `${admin} ${c.base}/metrics`);
  }
  const text = [
    'Try (each indented block runs as printed: paste it whole into a shell, in this directory):',
    '',
    blocks.join('\n\n'),
    '',
    '  Solana limit orders (beta) need jupiter in PROVIDERS and network access to JUPITER_API_URL, and a maker wallet',
    '  that signs; they have no offline example. A session in needs_review (funds arrived but a check failed) waits for',
    `  POST /v1/checkout/sessions/{id}/review/accept or …/review/reopen with {"note":"…"}${c.devnet ? ' (runnable below)' : ''}.`,
  ];
  if (c.devnet) text.push('', devnetHints(c, c.devnet, { key, json, post, postPublic, newSession }));
  text.push('', 'Stop with Ctrl-C.');
  return text.join('\n');
}

function devnetHints(
  c: HintContext,
  devnet: NonNullable<HintContext['devnet']>,
  s: { key: string; json: string; post: string; postPublic: string; newSession: (d: string) => string },
): string {
  const usdc = DEVNET_TOKENS.USDC.address;
  const quote = { srcChain: '8453', srcToken: 'USDC', amount: '25000000', dstChain: '8453', dstToken: 'DAI', sender: WALLET, recipient: WALLET };
  const blocks: string[] = [];
  const hint = (text: string, ...commands: string[]) => blocks.push([...text.split('\n').map((l) => `  ${l}`), ...commands.map((l) => `    ${l}`)].join('\n'));
  const pay = `npm run devnet:pay -- $SESSION${c.payArgs}`;
  hint(
    'Pay a checkout session from the devnet wallet, in one command (the session-tagged USDC transfer its quote builds,\nsigned, sent, reported; prints the tx hash and the status). Any open test session on Base: npm run devnet:pay -- <id>',
    s.newSession('Paid from the devnet'),
    pay,
  );
  hint('Quote (offline, mock provider):', `curl -s '${c.base}/v1/quote?${new URLSearchParams(quote).toString()}'`);
  hint(
    'The same, streamed: a `quotes` event each time a provider answers, the last one `complete` (server-sent events;\nGraphQL: the quoteStream subscription). waitMs=<ms> on the one-shot answers early once enough providers have quoted:',
    `curl -sN -H 'accept: text/event-stream' '${c.base}/v1/quote?${new URLSearchParams(quote).toString()}'`,
  );
  hint(
    'The same over GraphQL (one input object; expected failures come back typed, with their code):',
    `${s.postPublic} ${c.base}/graphql -d ${gql(
      'query($in: QuoteInput!) { quote(input: $in) { __typename ... on QuoteResponse { best { quoteId provider dstAmount expiresAt } } ... on Error { code message } } }',
      { in: quote },
    )}`,
  );
  hint(
    "The payer flow step by step (what devnet:pay does): the session's quote (its direct option is the session-tagged\nUSDC transfer, the only kind that can pay it), its build, the transaction from the test wallet, the report:",
    s.newSession('Payer flow'),
    `QUOTE=$(${s.postPublic} ${c.base}/v1/checkout/sessions/$SESSION/quote -d ${body({ srcChain: '8453', srcToken: 'USDC', sender: WALLET })} | ${pick('best.quoteId')})`,
    `DATA=$(${s.postPublic} ${c.base}/v1/orders -d ${body({ quoteId: '$QUOTE' })} | ${pick('tx.data')})`,
    `TX=$(${s.postPublic} ${devnet.rpcUrl} -d ${body({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [{ from: WALLET, to: usdc, data: '$DATA' }] })} | ${pick('result')})`,
    `${s.postPublic} ${c.base}/v1/orders/$QUOTE/submitted -d ${body({ txHash: '$TX' })}`,
  );
  hint(
    "Review a short payment: pay 1 of the 25 USDC (the verifier puts the session in needs_review, reason underpaid),\nthen accept it as paid with a note (…/review/reopen lets the payer pay again); the owner's view shows the review:",
    s.newSession('Sample order (review)'),
    `npm run devnet:pay -- $SESSION --amount 1000000${c.payArgs}`,
    `${s.post} ${c.base}/v1/checkout/sessions/$SESSION/review/accept -d ${body({ note: 'Customer paid the rest by bank transfer' })}`,
  );
  return [
    `Devnet (anvil as Base 8453)  ${devnet.rpcUrl}`,
    `  Providers    ${devnet.providers}`,
    `  Test wallet  ${WALLET}  (private key ${DEVNET_ACCOUNTS[1]!.privateKey}; public anvil key, devnet only)`,
    '',
    blocks.join('\n\n'),
  ].join('\n');
}
