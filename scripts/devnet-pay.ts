import { PayError, parsePayArgs, payCheckoutSession } from '../src/devnet-pay.js';

/**
 * npm run devnet:pay -- <checkout session id> [--amount <base units>] [--api <url>] [--rpc <url>]
 * Pays a test checkout session from the devnet's funded test wallet (src/devnet-pay.ts). Exits 0 once the
 * session is paid (or, with --amount, once the verifier has decided), non-zero otherwise.
 */
async function main() {
  const opts = parsePayArgs(process.argv.slice(2), process.env);
  console.log(`Paying ${opts.sessionId} from the devnet test wallet (${opts.rpcUrl}) through ${opts.api} …`);
  const r = await payCheckoutSession(opts);
  console.log(`tx      ${r.txHash}  (${r.amount} base units, tagged for the session)`);
  console.log(`status  ${r.status}`);
  if (r.status === 'paid' || (r.status === 'needs_review' && opts.amount !== undefined)) return;
  console.error(
    r.status === 'open' || r.status === 'processing'
      ? `The session is still ${r.status}: is the service's verifier running (JOBS_ENABLED)?`
      : `The session is ${r.status}, not paid: see its payments (GET /v1/checkout/sessions/${opts.sessionId} with the key).`,
  );
  process.exit(1);
}

main().catch((err) => {
  console.error(err instanceof PayError ? `devnet:pay: ${err.message}` : err);
  process.exit(1);
});
