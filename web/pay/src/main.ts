import { api, ApiFailure, type Chain, type EvmTx, type PayerQuote, type PayerQuoteResponse, type Session, type SvmTx, type Token } from './api.js';
import { h, replace } from './dom.js';
import { formatUnits, percent, shortAddress } from './format.js';
import { watchSession } from './live.js';
import { approveData, connect, discoverWallets, ensureChain, sendTransaction, waitForReceipt, type WalletChoice } from './wallet.js';
import { canSend, connectSolana, discoverSolanaWallets, signAndSend, signOnly, type SolanaWalletChoice } from './solana.js';
import type { WalletAccount } from '@wallet-standard/base';
import { requestTransfer, simulateTransfer, TRANSFER_CHOICES, transferCard, type TransferOffer } from './transfer.js';

/**
 * The hosted pay page /pay/<session_id>: shows what is due, lets the payer connect an injected wallet,
 * pick a chain and token, see exactly what they will send (fees included), approve and send, then follows
 * the session live and redirects to successUrl?session_id=<id> once it is paid.
 */
const root = document.getElementById('app')!;
const sessionId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');

interface State {
  session?: Session;
  chains: Chain[];
  wallets: WalletChoice[];
  wallet?: WalletChoice;
  /** Solana wallets (Wallet Standard); when one is connected `vm` is 'svm' and `wallet` is unset. */
  solWallets: SolanaWalletChoice[];
  solWallet?: SolanaWalletChoice;
  solAccount?: WalletAccount;
  vm?: 'evm' | 'svm';
  account?: string;
  chainId?: number;
  tokens: Token[];
  token?: Token;
  quote?: PayerQuoteResponse;
  busy?: string;
  error?: string;
  /** A payment was sent and reported from this page: until the chain shows it (the session leaves `open`), say so instead of offering to pay again. */
  sent?: boolean;
  /** Pay by transfer: the chosen chain and token, and the deposit address offered. */
  transfer?: { chainId: number; token: string; refundTo: string; offer?: TransferOffer };
}
const st: State = { chains: [], wallets: [], solWallets: [], tokens: [] };

const statusBox = h('div', { id: 'status', role: 'status', 'aria-live': 'polite' });
const payBox = h('section', { id: 'pay', 'aria-label': 'Payment' });
const errorBox = h('div', { id: 'error', role: 'alert' });
const footer = h('footer', {});

const chainName = (id: number) => st.chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
const dueText = (s: Session) => `${formatUnits(s.amount, s.settlement.decimals)} ${s.settlement.symbol}`;

function setError(msg?: string) {
  st.error = msg;
  replace(errorBox, msg ? h('p', { class: 'error' }, msg) : null);
}

function renderHeader(s: Session) {
  return h(
    'header',
    {},
    s.merchantName ? h('p', { class: 'merchant' }, s.merchantName) : null,
    h('h1', { id: 'title' }, `Pay ${dueText(s)}`),
    s.description ? h('p', { class: 'description' }, s.description) : null,
    h('p', { class: 'muted' }, `Settles in ${s.settlement.symbol} on ${chainName(s.settlement.chainId)} to ${shortAddress(s.recipient)}.`),
  );
}

function renderStatus() {
  const s = st.session!;
  const msg: Record<Session['status'], [string, string]> = {
    open: ['open', `Expires ${new Date(s.expiresAt).toLocaleString()}.`],
    processing: ['processing', 'Payment sent. Verifying it on chain…'],
    paid: ['paid', 'Paid. Thank you!'],
    needs_review: ['review', 'Payment received. The merchant is reviewing it; you do not need to pay again.'],
    expired: ['expired', 'This payment link has expired. Ask the merchant for a new one.'],
  };
  if (s.status === 'open' && st.sent && !pastExpiry()) msg.open = ['processing', 'Payment sent. Waiting for the network to include it…'];
  const [cls, text] = msg[pastExpiry() ? 'expired' : s.status];
  replace(statusBox, h('p', { class: `badge ${cls}` }, text));
}

/** Open on the service but past `expiresAt` by this browser's clock: no payment is offered (the service expires it next). */
const pastExpiry = () => st.session!.status === 'open' && Date.now() >= new Date(st.session!.expiresAt).getTime();

function renderPay() {
  const s = st.session!;
  if (s.status !== 'open' || pastExpiry()) {
    replace(payBox, s.status === 'paid' && s.successUrl ? h('p', {}, 'Taking you back to the merchant…') : null);
    return;
  }
  if (st.sent) {
    // The session stays open until the transaction is mined with the session's evidence (a report is only a hint).
    replace(
      payBox,
      h('p', {}, 'Your payment was sent. This page updates once the network includes it; you do not need to pay again.'),
      h(
        'button',
        {
          type: 'button',
          id: 'pay-again',
          onclick: () => {
            st.sent = undefined;
            render();
          },
        },
        'The payment did not go through: show the payment options',
      ),
    );
    return;
  }
  if (!st.account) {
    replace(
      payBox,
      h('h2', {}, 'Connect a wallet'),
      st.wallets.length || st.solWallets.length
        ? h(
            'ul',
            { class: 'wallets' },
            ...st.wallets.map((w) =>
              h(
                'li',
                {},
                h(
                  'button',
                  { type: 'button', class: 'wallet', onclick: () => void onConnect(w) },
                  w.icon ? h('img', { src: w.icon, alt: '', width: 24, height: 24 }) : null,
                  `Connect ${w.name}`,
                ),
              ),
            ),
            ...st.solWallets.map((w) =>
              h(
                'li',
                {},
                h(
                  'button',
                  { type: 'button', class: 'wallet', onclick: () => void onConnectSolana(w) },
                  w.icon ? h('img', { src: w.icon, alt: '', width: 24, height: 24 }) : null,
                  `Connect ${w.name} (Solana)`,
                ),
              ),
            ),
          )
        : h('p', {}, 'No browser wallet found. Install one (any EIP-6963 or Solana Wallet Standard wallet) and reload this page.'),
      renderTransfer(),
    );
    return;
  }
  const walletChains = st.chains.filter((c) => c.vm === (st.vm ?? 'evm'));
  const q = st.quote?.best;
  replace(
    payBox,
    h('p', { class: 'muted' }, `Connected ${shortAddress(st.account)} with ${(st.wallet ?? st.solWallet)!.name}.`),
    h('label', { for: 'chain' }, 'Pay from network'),
    h(
      'select',
      { id: 'chain', onchange: (e) => void onChain(Number((e.target as HTMLSelectElement).value)) },
      ...walletChains.map((c) => h('option', { value: c.id, selected: c.id === st.chainId }, c.name)),
    ),
    h('label', { for: 'token' }, 'Pay with token'),
    st.tokens.length
      ? h(
          'select',
          { id: 'token', onchange: (e) => void onToken((e.target as HTMLSelectElement).value) },
          ...st.tokens.map((t) =>
            h(
              'option',
              { value: t.address, selected: t.address === st.token?.address },
              t.amount !== undefined ? `${t.symbol} (balance ${formatUnits(t.amount, t.decimals, 4)})` : t.symbol,
            ),
          ),
        )
      : h('p', { id: 'token', class: 'muted' }, st.busy === 'tokens' ? 'Loading tokens…' : 'No tokens found on this network.'),
    q && st.token ? quoteSummary(q, st.token) : st.busy === 'quote' ? h('p', { class: 'muted' }, 'Finding the best price…') : null,
    h(
      'button',
      { type: 'button', id: 'pay-button', class: 'primary', disabled: !q || !!st.busy, onclick: () => void onPay() },
      st.busy && st.busy !== 'quote' && st.busy !== 'tokens'
        ? st.busy
        : q && st.token
          ? `Pay ${formatUnits(q.srcAmount, st.token.decimals)} ${st.token.symbol}`
          : 'Pay',
    ),
  );
}

/** "Pay by transfer": no wallet connection; a one-time address for the chosen chain and token. */
function renderTransfer(): HTMLElement {
  st.transfer ??= { chainId: TRANSFER_CHOICES[0]!.chainId, token: TRANSFER_CHOICES[0]!.tokens[0]!, refundTo: '' };
  const t = st.transfer;
  const choice = TRANSFER_CHOICES.find((c) => c.chainId === t.chainId) ?? TRANSFER_CHOICES[0]!;
  if (t.offer)
    return h(
      'section',
      { class: 'pay-transfer', 'aria-label': 'Pay by transfer' },
      h('h2', {}, 'Pay by transfer'),
      transferCard(t.offer, choice.name, () => void onSimulate(), st.busy === 'simulate', t.refundTo),
    );
  return h(
    'section',
    { class: 'pay-transfer', 'aria-label': 'Pay by transfer' },
    h('h2', {}, 'Or pay by transfer'),
    h('p', { class: 'muted' }, 'Send from any wallet or exchange withdrawal to a one-time address; no wallet connection needed.'),
    h('label', { for: 'transfer-chain' }, 'Network'),
    h(
      'select',
      {
        id: 'transfer-chain',
        onchange: (e) => {
          t.chainId = Number((e.target as HTMLSelectElement).value);
          t.token = (TRANSFER_CHOICES.find((c) => c.chainId === t.chainId) ?? choice).tokens[0]!;
          render();
        },
      },
      ...TRANSFER_CHOICES.map((c) => h('option', { value: c.chainId, selected: c.chainId === t.chainId }, c.name)),
    ),
    h('label', { for: 'transfer-token' }, 'Token'),
    h(
      'select',
      {
        id: 'transfer-token',
        onchange: (e) => {
          t.token = (e.target as HTMLSelectElement).value;
        },
      },
      ...choice.tokens.map((x) => h('option', { value: x, selected: x === t.token }, x)),
    ),
    h('label', { for: 'transfer-refund' }, `Your ${choice.name} wallet address (for refunds)`),
    h('input', {
      id: 'transfer-refund',
      type: 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      value: t.refundTo,
      oninput: (e) => {
        t.refundTo = (e.target as HTMLInputElement).value.trim();
      },
    }),
    h(
      'button',
      { type: 'button', id: 'transfer-button', class: 'primary', disabled: st.busy === 'transfer', onclick: () => void onTransfer() },
      st.busy === 'transfer' ? 'Preparing…' : 'Get a deposit address',
    ),
  );
}

async function onTransfer() {
  const t = st.transfer!;
  if (!t.refundTo) return setError('Enter your wallet address for refunds.');
  setError();
  st.busy = 'transfer';
  render();
  try {
    t.offer = await requestTransfer(sessionId, { srcChain: t.chainId, srcToken: t.token, refundTo: t.refundTo });
  } catch (e) {
    setError((e as Error).message);
  } finally {
    st.busy = undefined;
    render();
  }
}

async function onSimulate() {
  const offer = st.transfer?.offer;
  if (!offer) return;
  st.busy = 'simulate';
  render();
  try {
    await simulateTransfer(sessionId, offer.depositAddressId);
    await refresh();
  } catch (e) {
    setError((e as Error).message);
  } finally {
    st.busy = undefined;
    render();
  }
}

function quoteSummary(q: PayerQuote, t: Token) {
  const s = st.session!;
  const lines =
    q.method === 'direct_transfer'
      ? [`A plain ${t.symbol} transfer of exactly the amount due. No fees.`]
      : [
          `You send ${formatUnits(q.srcAmount, t.decimals)} ${t.symbol}; at least ${dueText(s)} arrives.`,
          `Included: service fee ${percent(q.fees.ourFeeBps)}${q.fees.providerFeeUsd !== undefined ? `, provider fees about $${q.fees.providerFeeUsd.toFixed(2)}` : ''}, price protection.${q.overpayBasis === 'usd' ? ` About ${percent(Math.max(0, q.overpayBps))} more than the amount due.` : ''}`,
          `Route: ${q.provider}, about ${Math.max(1, Math.round(q.estimatedSeconds / 60))} min.`,
        ];
  return h(
    'div',
    { class: 'quote', id: 'quote' },
    h('p', { class: 'you-pay' }, `You pay ${formatUnits(q.srcAmount, t.decimals)} ${t.symbol}`),
    ...lines.map((l) => h('p', { class: 'muted' }, l)),
  );
}

function render() {
  // A render builds the page's controls anew. The field being typed in keeps its focus and caret, whatever asked for
  // the render (a status update, a wallet announcing itself): otherwise what the payer types next goes nowhere.
  const active = document.activeElement;
  const typing = active instanceof HTMLInputElement && active.id ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : undefined;
  renderStatus();
  renderPay();
  renderFooter();
  const again = typing && document.getElementById(typing.id);
  if (typing && again instanceof HTMLInputElement && again !== document.activeElement) {
    again.focus();
    if (typing.start !== null && typing.end !== null) again.setSelectionRange(typing.start, typing.end);
  }
}

/** Leaving is offered while nothing was sent; once a payment is in (processing, paid, review) it would mislead. */
function renderFooter() {
  const s = st.session!;
  const name = s.merchantName ?? 'the merchant';
  const label = s.status === 'open' ? `Cancel and return to ${name}` : s.status === 'expired' ? `Return to ${name}` : null;
  replace(footer, s.cancelUrl && label ? h('a', { href: s.cancelUrl }, label) : null);
}

/** The network to start from: the settlement chain when the wallet is on its VM (a plain transfer), else the wallet's first. */
function firstChain(vm: 'evm' | 'svm'): number {
  const s = st.session!;
  if (st.chains.find((c) => c.id === s.settlement.chainId)?.vm === vm || (!st.chains.length && vm === 'evm')) return s.settlement.chainId;
  return st.chains.find((c) => c.vm === vm)?.id ?? s.settlement.chainId;
}

async function onConnect(w: WalletChoice) {
  setError();
  try {
    st.wallet = w;
    st.vm = 'evm';
    st.account = await connect(w.provider);
    await onChain(firstChain('evm'));
  } catch (e) {
    setError(`Could not connect: ${(e as Error).message}`);
    render();
  }
}

async function onConnectSolana(w: SolanaWalletChoice) {
  setError();
  try {
    st.solWallet = w;
    st.solAccount = await connectSolana(w.wallet);
    st.vm = 'svm';
    st.account = st.solAccount.address;
    await onChain(firstChain('svm'));
  } catch (e) {
    st.solWallet = undefined;
    setError(`Could not connect: ${(e as Error).message}`);
    render();
  }
}

async function onChain(chainId: number) {
  st.chainId = chainId;
  st.tokens = [];
  st.token = undefined;
  st.quote = undefined;
  st.busy = 'tokens';
  render();
  try {
    const bal = await api<{ balances: Token[] }>(`/v1/balances?address=${st.account}&chains=${chainId}`).catch(() => ({ balances: [] as Token[] }));
    let tokens = bal.balances.filter((t) => t.chainId === chainId);
    if (!tokens.length) tokens = (await api<{ tokens: Token[] }>(`/v1/tokens?chain=${chainId}&limit=50`)).tokens;
    // The settlement token first when paying on the settlement chain: it is a plain transfer, no fee.
    const s = st.session!;
    tokens.sort(
      (a, b) =>
        Number(b.chainId === s.settlement.chainId && b.address === s.settlement.token) -
        Number(a.chainId === s.settlement.chainId && a.address === s.settlement.token),
    );
    st.tokens = tokens;
  } catch (e) {
    setError(`Could not load tokens: ${(e as Error).message}`);
  }
  st.busy = undefined;
  if (st.tokens[0]) await onToken(st.tokens[0].address);
  else render();
}

async function onToken(address: string) {
  st.token = st.tokens.find((t) => t.address === address);
  st.quote = undefined;
  if (!st.token) return render();
  st.busy = 'quote';
  setError();
  render();
  try {
    st.quote = await api<PayerQuoteResponse>(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}/quote`, {
      srcChain: String(st.chainId),
      srcToken: st.token.address,
      sender: st.account,
    });
  } catch (e) {
    setError(
      e instanceof ApiFailure && e.code === 'NO_ROUTE'
        ? `No way to pay with ${st.token.symbol} right now. Try another token.`
        : `Could not get a price: ${(e as Error).message}`,
    );
  }
  st.busy = undefined;
  render();
}

/** Refuses (before any wallet prompt) once the session is past `expiresAt`; the server then shows it expired. */
function expiredNow(): boolean {
  const s = st.session!;
  const at = new Date(s.expiresAt);
  if (Date.now() < at.getTime()) return false;
  setError(`This payment link expired at ${at.toLocaleString()}. Nothing was sent to your wallet; ask the merchant for a new link.`);
  st.quote = undefined;
  render();
  void refresh().catch(() => undefined);
  return true;
}

/**
 * Runs one payment attempt: clears the last error, refuses an expired link before any wallet prompt,
 * shows each step as it happens, then re-reads the session (its live updates take over), or shows
 * why nothing was sent.
 */
async function paying(run: (step: (msg: string) => void) => Promise<void>) {
  setError();
  if (expiredNow()) return;
  const step = (msg: string) => {
    st.busy = msg;
    render();
  };
  try {
    await run(step);
    st.busy = undefined;
    st.sent = true;
    await refresh();
  } catch (e) {
    st.busy = undefined;
    setError(`Payment not sent: ${(e as Error).message}`);
    render();
  }
}

async function onPay() {
  if (st.vm === 'svm') return onPaySolana();
  const q = st.quote?.best;
  const w = st.wallet;
  const account = st.account;
  const chainId = st.chainId;
  if (!q || !w || !account || !chainId) return;
  await paying(async (step) => {
    step('Switching network…');
    await ensureChain(w.provider, chainId);
    if (q.method === 'direct_transfer') {
      step('Confirm in your wallet…');
      const tx = q.tx as EvmTx;
      const hash = await sendTransaction(w.provider, { from: account, to: tx.to, data: tx.data, value: tx.value });
      step('Reporting payment…');
      await reportOnceMined(
        `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/submitted`,
        { txHash: hash, payer: account },
        () => waitForReceipt(w.provider, hash),
        step,
      );
    } else {
      step('Preparing transaction…');
      type Approve = { token: string; spender: string; amount: string };
      const built = await api<{ tx: { to: string; data: string; value: string; approvalReset?: Approve; approval?: Approve } }>('/v1/orders', {
        quoteId: q.quoteId,
      });
      // Tokens like Ethereum USDT refuse to change a non-zero allowance: the service then asks for a reset to 0 first.
      if (built.tx.approvalReset) {
        step('Reset the token allowance in your wallet…');
        const r = built.tx.approvalReset;
        const resetHash = await sendTransaction(w.provider, { from: account, to: r.token, data: approveData(r.spender, r.amount), value: '0' });
        if (!(await waitForReceipt(w.provider, resetHash))) throw new Error('The allowance reset failed');
      }
      if (built.tx.approval) {
        step('Approve the token in your wallet…');
        const a = built.tx.approval;
        const approveHash = await sendTransaction(w.provider, { from: account, to: a.token, data: approveData(a.spender, a.amount), value: '0' });
        if (!(await waitForReceipt(w.provider, approveHash))) throw new Error('The approval failed');
      }
      step('Confirm the payment in your wallet…');
      const hash = await sendTransaction(w.provider, { from: account, ...built.tx });
      step('Reporting payment…');
      await reportOnceMined(`/v1/orders/${encodeURIComponent(q.quoteId!)}/submitted`, { txHash: hash }, () => waitForReceipt(w.provider, hash), step);
    }
  });
}

/**
 * A Solana wallet pays: the direct transfer from the quote (re-quoted when its blockhash is about to lapse)
 * or a routed order's transaction; the wallet signs and sends (or only signs, and the service broadcasts),
 * and the signature is reported so the session follows it live.
 */
async function onPaySolana() {
  const w = st.solWallet;
  const account = st.solAccount;
  const payer = st.account;
  const q0 = st.quote?.best;
  if (!q0 || !w || !account || !payer || !st.token) return;
  const token = st.token;
  await paying(async (step) => {
    let q = q0;
    if (q.expiresAt !== undefined && q.expiresAt * 1000 - Date.now() < 15_000) {
      step('Refreshing the price…');
      st.quote = await api<PayerQuoteResponse>(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}/quote`, {
        srcChain: String(st.chainId),
        srcToken: token.address,
        sender: payer,
      });
      q = st.quote.best;
    }
    const session = `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`;
    if (q.method === 'direct_transfer') {
      const tx = q.tx as SvmTx;
      step('Confirm in your wallet…');
      if (canSend(w.wallet)) {
        const signature = await signAndSend(w.wallet, account, tx.serializedTx);
        step('Reporting payment…');
        // Solana confirms in about a second: past the bound of unseen reports, report again shortly after.
        await reportOnceMined(`${session}/submitted`, { txHash: signature, payer }, solanaPause, step);
      } else {
        const signed = await signOnly(w.wallet, account, tx.serializedTx);
        step('Sending payment…');
        await api(`${session}/submit`, { signedTransaction: signed, payer });
      }
    } else {
      step('Preparing transaction…');
      const built = await api<{ tx: SvmTx }>('/v1/orders', { quoteId: q.quoteId });
      step('Confirm the payment in your wallet…');
      if (built.tx.submitViaApi) {
        const signed = await signOnly(w.wallet, account, built.tx.serializedTx);
        step('Sending payment…');
        await api('/v1/orders/submit', { quoteId: q.quoteId, signedTransaction: signed });
      } else {
        if (!canSend(w.wallet))
          throw new Error(`${w.name} cannot send this transaction itself; pay with ${st.session!.settlement.symbol} or use another wallet`);
        const signature = await signAndSend(w.wallet, account, built.tx.serializedTx);
        step('Reporting payment…');
        await reportOnceMined(`/v1/orders/${encodeURIComponent(q.quoteId!)}/submitted`, { txHash: signature }, solanaPause, step);
      }
    }
  });
}

/**
 * Reports a sent payment. A session holding too many reports not yet seen on chain (a stranger's made-up hashes)
 * takes a new one only once its transaction is mined: then wait for the receipt and report again, so the payer's
 * own report always lands.
 */
async function reportOnceMined(path: string, body: unknown, mined: () => Promise<boolean>, step: (msg: string) => void, attempts = 12): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await api(path, body);
      return;
    } catch (e) {
      const full = e instanceof ApiFailure && e.code === 'CONFLICT' && /once its transaction is mined/.test(e.message);
      if (!full || i >= attempts) throw e;
      step('Waiting for the network to include your payment…');
      await mined();
      step('Reporting payment…');
    }
  }
}

/** Solana: the node shows a transaction within seconds (finalized in ~13 s); look again every 5 s. */
const solanaPause = () => new Promise<boolean>((r) => setTimeout(() => r(true), 5_000));

async function refresh() {
  st.session = await api<Session>(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);
  onStatus(st.session.status);
}

let redirected = false;
function onStatus(status: Session['status']) {
  const s = st.session!;
  if (status !== s.status) {
    s.status = status;
    void api<Session>(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}`).then((fresh) => {
      st.session = fresh;
      render();
    });
  }
  render();
  if (status === 'paid' && s.successUrl && !redirected) {
    redirected = true;
    const u = new URL(s.successUrl);
    u.searchParams.set('session_id', s.id);
    setTimeout(() => location.assign(u.toString()), 1500);
  }
}

async function main() {
  try {
    const [session, chains] = await Promise.all([
      api<Session>(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}`),
      api<{ chains: Chain[] }>('/v1/chains').catch(() => ({ chains: [] })),
    ]);
    st.session = session;
    st.chains = chains.chains;
  } catch (e) {
    replace(
      root,
      h(
        'main',
        { class: 'card' },
        h('h1', {}, 'Payment not found'),
        h('p', {}, e instanceof ApiFailure && e.code === 'NOT_FOUND' ? 'This payment link does not exist.' : (e as Error).message),
      ),
    );
    return;
  }
  const s = st.session!;
  document.title = `Pay ${dueText(s)}${s.merchantName ? ` to ${s.merchantName}` : ''}`;
  replace(root, h('main', { class: 'card', 'aria-labelledby': 'title' }, renderHeader(s), statusBox, errorBox, payBox, footer));
  render();
  discoverWallets((ws) => {
    st.wallets = ws;
    if (!st.account) render();
  });
  discoverSolanaWallets((ws) => {
    st.solWallets = ws;
    if (!st.account) render();
  });
  // At expiresAt, ask the service again: it expires the session and the page says so (no payment offered).
  const left = new Date(s.expiresAt).getTime() - Date.now();
  if (s.status === 'open' && left < 2 ** 31 - 1) setTimeout(() => void refresh().catch(() => undefined), Math.max(0, left) + 500);
  watchSession(sessionId, onStatus);
}

void main();
