import { useEffect, useState } from 'preact/hooks';
import { useClient, useQuery } from '@urql/preact';
import { DetailList, ErrorNotice, Field, Loading, Mono, MoreButton, Notice, PageHeader, Table, When, DetailFallback } from '../components/ui';
import { ApiFailure, mutate, toFailure } from '../gql';
import { useLive, useRefetchOn } from '../live';
import { Link } from '../router';
import { parseUnits } from './payments/amounts';
import { AddressLink, Amount, ChainName, ExportCsv, newIdempotencyKey, Panel, StatusBadge, TxLink, useAction, useCanWrite, usePaged } from './payments/common';
import { WalletSend } from './payments/wallet-send';

/**
 * Checkout sessions: the list (refreshed live on `checkout.session.*` events) and a session's page, which follows the
 * session through the `checkoutSession` subscription and offers what the merchant decides: refunds (the transfer
 * is signed by the recipient's wallet, then reported), accepting or reopening a session under review, expiring an
 * open one.
 */

interface Settlement {
  chainId: number;
  token: string;
  symbol: string;
  decimals: number;
}

interface SessionRow {
  id: string;
  status: string;
  amount: string;
  amountReceived: string | null;
  amountRefunded: string | null;
  description: string | null;
  reference: string | null;
  createdAt: string;
  expiresAt: string;
  settlement: Settlement;
}

const SESSIONS = /* GraphQL */ `
  query DashboardCheckoutSessions($first: Int, $after: String, $status: CheckoutSessionStatus) {
    checkoutSessions(first: $first, after: $after, status: $status) {
      nodes { id status amount amountReceived amountRefunded description reference createdAt expiresAt settlement { chainId token symbol decimals } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

const STATUSES = ['open', 'processing', 'paid', 'needs_review', 'expired'] as const;

export function CheckoutSessionsPage() {
  const [status, setStatus] = useState('');
  const list = usePaged<SessionRow>(SESSIONS, 'checkoutSessions', { status: status || null });
  useRefetchOn(['checkout.session.*'], list.reload);
  return (
    <>
      <PageHeader title="Checkout sessions" />
      <p class="muted">Hosted payments. The list updates as payments arrive.</p>
      <div class="form-row toolbar">
        <div class="field">
          <label for="sessions-status">Status</label>
          <select id="sessions-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ')}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ExportCsv kind="checkout_sessions" label="checkout sessions" />
      <ErrorNotice error={list.error} />
      {list.loading && !list.items.length ? (
        <Loading />
      ) : (
        <Table<SessionRow>
          caption="Checkout sessions"
          rowKey={(s) => s.id}
          rows={list.items}
          empty="No checkout sessions yet in this mode."
          columns={[
            {
              label: 'Session',
              cell: (s) => (
                <Link href={`/checkout-sessions/${encodeURIComponent(s.id)}`}>
                  <Mono value={s.id} short />
                </Link>
              ),
            },
            { label: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
            { label: 'Amount', numeric: true, cell: (s) => <Amount base={s.amount} decimals={s.settlement.decimals} symbol={s.settlement.symbol} /> },
            { label: 'Chain', cell: (s) => <ChainName id={s.settlement.chainId} /> },
            { label: 'Description', cell: (s) => s.description ?? s.reference ?? <span class="muted">—</span> },
            { label: 'Created', cell: (s) => <When at={s.createdAt} /> },
          ]}
        />
      )}
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} />
    </>
  );
}

interface Payment {
  id: string;
  status: string;
  kind: string;
  payer: string;
  srcChainId: number;
  srcTxHash: string;
  dstTxHash: string | null;
  amountReceived: string | null;
  amountRefunded: string;
  reason: string | null;
  reasonMessage: string | null;
  createdAt: string;
}

interface Refund {
  id: string;
  status: string;
  amount: string;
  to: string;
  chainId: number;
  txHash: string | null;
  reason: string | null;
  failure: string | null;
  paymentId: string | null;
  createdAt: string;
}

interface Session extends SessionRow {
  url: string;
  recipient: string;
  merchantName: string | null;
  invoiceId: string | null;
  successUrl: string | null;
  review: { reason: string; message: string | null } | null;
  payment: { payer: string; srcChainId: number; srcTxHash: string; dstTxHash: string | null; paidAt: string | null } | null;
  payments: { nodes: Payment[] } | null;
  refunds: { nodes: Refund[] } | null;
  reviews: { nodes: Array<{ id: string; action: string; note: string; createdAt: string; fromStatus: string; toStatus: string }> } | null;
}

const SESSION_FIELDS = /* GraphQL */ `
  fragment DashboardSession on CheckoutSession {
    id status amount amountReceived amountRefunded description reference createdAt expiresAt url recipient merchantName invoiceId successUrl
    settlement { chainId token symbol decimals }
    review { reason message }
    payment { payer srcChainId srcTxHash dstTxHash paidAt }
    payments(first: 50) { nodes { id status kind payer srcChainId srcTxHash dstTxHash amountReceived amountRefunded reason reasonMessage createdAt } }
    refunds(first: 50) { nodes { id status amount to chainId txHash reason failure paymentId createdAt } }
    reviews(first: 20) { nodes { id action note createdAt fromStatus toStatus } }
  }
`;
const SESSION = /* GraphQL */ `
  query DashboardCheckoutSession($id: ID!) { checkoutSession(id: $id) { ...DashboardSession } }
  ${SESSION_FIELDS}
`;
const SESSION_LIVE = /* GraphQL */ `
  subscription DashboardCheckoutSessionLive($id: ID!) { checkoutSession(id: $id) { ...DashboardSession } }
  ${SESSION_FIELDS}
`;

const ERR = '... on Error { code message }';
const EXPIRE = `mutation DashboardExpireSession($input: ExpireCheckoutSessionInput!) { expireCheckoutSession(input: $input) { __typename ${ERR} ... on ExpireCheckoutSessionPayload { checkoutSession { ...DashboardSession } } } } ${SESSION_FIELDS}`;
const ACCEPT = `mutation DashboardAcceptReview($input: AcceptCheckoutSessionReviewInput!) { acceptCheckoutSessionReview(input: $input) { __typename ${ERR} ... on AcceptCheckoutSessionReviewPayload { checkoutSession { ...DashboardSession } } } } ${SESSION_FIELDS}`;
const REOPEN = `mutation DashboardReopenSession($input: ReopenCheckoutSessionInput!) { reopenCheckoutSession(input: $input) { __typename ${ERR} ... on ReopenCheckoutSessionPayload { checkoutSession { ...DashboardSession } } } } ${SESSION_FIELDS}`;
const CREATE_REFUND = `mutation DashboardCreateRefund($input: CreateCheckoutRefundInput!) {
  createCheckoutRefund(input: $input) { __typename ${ERR}
    ... on CreateCheckoutRefundPayload { signer refund { id status amount to chainId } tx { __typename ... on EvmTx { chainId to data value } ... on SvmTx { serializedTx } } }
  } }`;
const REPORT_REFUND = `mutation DashboardReportRefund($input: ReportCheckoutRefundInput!) { reportCheckoutRefund(input: $input) { __typename ${ERR} ... on ReportCheckoutRefundPayload { refund { id status } } } }`;
const CANCEL_REFUND = `mutation DashboardCancelRefund($input: CancelCheckoutRefundInput!) { cancelCheckoutRefund(input: $input) { __typename ${ERR} ... on CancelCheckoutRefundPayload { refund { id status } } } }`;

export function CheckoutSessionDetailPage({ params }: { params: Record<string, string> }) {
  const id = params.id!;
  const [r, reexecute] = useQuery<{ checkoutSession: Session | null }>({ query: SESSION, variables: { id } });
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => setSession(r.data?.checkoutSession ?? null), [r.data]);
  useLive<{ checkoutSession: Session }>(SESSION_LIVE, { id }, { onData: (d) => d?.checkoutSession && setSession(d.checkoutSession) });
  const reload = () => reexecute({ requestPolicy: 'network-only' });
  if (!session)
    return (
      <DetailFallback title="Checkout session" loading={r.fetching} error={r.error ? toFailure(r.error) : null}>
        No session <Mono value={id} /> in this account and mode. <Link href="/checkout-sessions">All sessions</Link>
      </DetailFallback>
    );
  const s = session;
  const money = (base: string | null) => <Amount base={base} decimals={s.settlement.decimals} symbol={s.settlement.symbol} />;
  return (
    <>
      <PageHeader title={`Checkout session ${s.id}`} />
      <p>
        <Link href="/checkout-sessions">← All checkout sessions</Link>
      </p>
      <Panel title="Status">
        <p aria-live="polite">
          <span data-testid="session-status">
            <StatusBadge status={s.status} />
          </span>{' '}
          {s.status === 'open' ? (
            <span class="muted">
              expires <When at={s.expiresAt} />
            </span>
          ) : null}
        </p>
        {s.review ? (
          <Notice kind="warning">
            Under review: <strong>{s.review.reason.replace(/_/g, ' ')}</strong>
            {s.review.message ? ` — ${s.review.message}` : ''}
          </Notice>
        ) : null}
        <SessionActions session={s} onChange={setSession} />
      </Panel>
      <Panel title="Details">
        <DetailList
          items={[
            ['Amount', money(s.amount)],
            ['Received', money(s.amountReceived)],
            ['Refunded', money(s.amountRefunded)],
            [
              'Settlement',
              <>
                <ChainName id={s.settlement.chainId} /> · {s.settlement.symbol}
              </>,
            ],
            ['Recipient', <AddressLink key="r" chainId={s.settlement.chainId} address={s.recipient} />],
            ['Description', s.description],
            ['Reference', s.reference],
            [
              'Invoice',
              s.invoiceId ? (
                <Link href={`/invoices/${encodeURIComponent(s.invoiceId)}`}>
                  <Mono value={s.invoiceId} short />
                </Link>
              ) : null,
            ],
            [
              'Pay page',
              <a key="u" href={s.url} target="_blank" rel="noopener noreferrer">
                <Mono value={s.url} />
              </a>,
            ],
            ['Created', <When key="c" at={s.createdAt} />],
          ]}
        />
      </Panel>
      <Panel title="Payments">
        <Table<Payment>
          caption="Payments of the session"
          rowKey={(p) => p.id}
          rows={s.payments?.nodes ?? []}
          empty="No payment seen yet."
          columns={[
            { label: 'Payment', cell: (p) => <Mono value={p.id} short /> },
            {
              label: 'Status',
              cell: (p) => (
                <>
                  <StatusBadge status={p.status} />
                  {p.reason ? <span class="muted small"> {p.reason.replace(/_/g, ' ')}</span> : null}
                </>
              ),
            },
            { label: 'Payer', cell: (p) => <AddressLink chainId={p.srcChainId} address={p.payer} /> },
            { label: 'Received', numeric: true, cell: (p) => money(p.amountReceived) },
            { label: 'Refunded', numeric: true, cell: (p) => money(p.amountRefunded) },
            { label: 'Transaction', cell: (p) => <TxLink chainId={p.srcChainId} hash={p.srcTxHash} /> },
          ]}
        />
      </Panel>
      <Refunds session={s} onChange={reload} />
      {s.reviews?.nodes.length ? (
        <Panel title="Review decisions">
          <ul>
            {s.reviews.nodes.map((rv) => (
              <li key={rv.id}>
                <When at={rv.createdAt} />: {rv.action} ({rv.fromStatus} → {rv.toStatus}) — {rv.note}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </>
  );
}

function SessionActions({ session: s, onChange }: { session: Session; onChange: (s: Session) => void }) {
  const client = useClient();
  const canWrite = useCanWrite();
  const act = useAction();
  const [note, setNote] = useState('');
  const [paymentId, setPaymentId] = useState('');
  const [key] = useState(newIdempotencyKey);
  if (!canWrite) return null;
  if (s.status === 'open')
    return (
      <>
        <div class="actions">
          <button
            type="button"
            class="danger"
            disabled={act.busy}
            onClick={() =>
              act.run(async () => {
                if (!confirm('Expire this session? The payer can no longer pay it.')) return;
                const p = await mutate<{ checkoutSession: Session }>(client, EXPIRE, 'expireCheckoutSession', { id: s.id, idempotencyKey: key });
                onChange(p.checkoutSession);
              })
            }
          >
            Expire session
          </button>
        </div>
        <ErrorNotice error={act.error} />
      </>
    );
  if (s.status !== 'needs_review') return null;
  const acceptable = (s.payments?.nodes ?? []).filter((p) => p.amountReceived && p.amountReceived !== '0');
  const decide = (kind: 'accept' | 'reopen') =>
    act.run(async () => {
      const input = { id: s.id, note: note.trim(), idempotencyKey: newIdempotencyKey(), ...(kind === 'accept' && paymentId ? { paymentId } : {}) };
      const p =
        kind === 'accept'
          ? await mutate<{ checkoutSession: Session }>(client, ACCEPT, 'acceptCheckoutSessionReview', input)
          : await mutate<{ checkoutSession: Session }>(client, REOPEN, 'reopenCheckoutSession', input);
      setNote('');
      onChange(p.checkoutSession);
    });
  return (
    <form
      class="review"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <fieldset>
        <legend>Decide the review</legend>
        <Field label="Note (kept with the decision)" hint="Required: why you accept or reopen.">
          {(fid, hint) => (
            <textarea id={fid} aria-describedby={hint} required rows={2} value={note} onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)} />
          )}
        </Field>
        {acceptable.length > 1 ? (
          <Field label="Payment to accept">
            {(fid) => (
              <select id={fid} value={paymentId} onChange={(e) => setPaymentId((e.target as HTMLSelectElement).value)}>
                <option value="">The payment under review</option>
                {acceptable.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.id}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <div class="actions">
          <button type="button" disabled={act.busy || !note.trim()} onClick={() => decide('accept')}>
            Accept payment
          </button>
          <button type="button" class="secondary" disabled={act.busy || !note.trim()} onClick={() => decide('reopen')}>
            Reopen session
          </button>
        </div>
      </fieldset>
      <ErrorNotice error={act.error} />
    </form>
  );
}

type BuiltRefund = {
  signer: string;
  refund: { id: string; status: string; amount: string; to: string; chainId: number };
  tx: { __typename: 'EvmTx'; chainId: number; to: string; data: string; value: string } | { __typename: 'SvmTx'; serializedTx: string };
};

function Refunds({ session: s, onChange }: { session: Session; onChange: () => void }) {
  const client = useClient();
  const canWrite = useCanWrite();
  const act = useAction();
  const [amount, setAmount] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [paymentId, setPaymentId] = useState('');
  const [built, setBuilt] = useState<BuiltRefund | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const refundable = (s.payments?.nodes ?? []).filter((p) => p.status === 'succeeded' || (p.amountReceived && p.amountReceived !== '0'));
  const money = (base: string | null) => <Amount base={base} decimals={s.settlement.decimals} symbol={s.settlement.symbol} />;
  const report = async (refundId: string, txHash: string) => {
    await mutate(client, REPORT_REFUND, 'reportCheckoutRefund', { sessionId: s.id, id: refundId, txHash, idempotencyKey: newIdempotencyKey() });
    setBuilt(null);
    onChange();
  };
  return (
    <Panel title="Refunds">
      <Table<Refund>
        caption="Refunds of the session"
        rowKey={(x) => x.id}
        rows={s.refunds?.nodes ?? []}
        empty="No refunds."
        columns={[
          { label: 'Refund', cell: (x) => <Mono value={x.id} short /> },
          {
            label: 'Status',
            cell: (x) => (
              <>
                <StatusBadge status={x.status} />
                {x.failure ? <span class="muted small"> {x.failure.replace(/_/g, ' ')}</span> : null}
              </>
            ),
          },
          { label: 'Amount', numeric: true, cell: (x) => money(x.amount) },
          { label: 'To', cell: (x) => <AddressLink chainId={x.chainId} address={x.to} /> },
          { label: 'Transaction', cell: (x) => <TxLink chainId={x.chainId} hash={x.txHash} /> },
          {
            label: 'Actions',
            cell: (x) =>
              canWrite && x.status === 'pending' ? (
                <button
                  type="button"
                  class="secondary"
                  disabled={act.busy}
                  onClick={() =>
                    act.run(async () => {
                      await mutate(client, CANCEL_REFUND, 'cancelCheckoutRefund', { sessionId: s.id, id: x.id, idempotencyKey: newIdempotencyKey() });
                      onChange();
                    })
                  }
                >
                  Cancel refund {x.id.slice(-6)}
                </button>
              ) : (
                <span class="muted">—</span>
              ),
          },
        ]}
      />
      {canWrite && refundable.length && !built ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act.run(async () => {
              let base: string | undefined;
              if (amount.trim()) {
                const parsed = parseUnits(amount, s.settlement.decimals);
                if (!parsed.ok) throw new ApiFailure('INVALID_PARAMS', `amount: ${parsed.message}`);
                base = parsed.base;
              }
              const input = {
                sessionId: s.id,
                idempotencyKey: key,
                ...(base ? { amount: base } : {}),
                ...(to.trim() ? { to: to.trim() } : {}),
                ...(reason.trim() ? { reason: reason.trim() } : {}),
                ...(paymentId ? { paymentId } : {}),
              };
              setBuilt(await mutate<BuiltRefund>(client, CREATE_REFUND, 'createCheckoutRefund', input));
              setKey(newIdempotencyKey());
              setAmount('');
              onChange();
            });
          }}
        >
          <fieldset>
            <legend>New refund</legend>
            <div class="form-row">
              <Field label={`Amount (${s.settlement.symbol})`} hint="Leave empty to refund all that is left of the payment.">
                {(fid, hint) => (
                  <input id={fid} aria-describedby={hint} inputMode="decimal" value={amount} onInput={(e) => setAmount((e.target as HTMLInputElement).value)} />
                )}
              </Field>
              <Field label="Send to" hint="Default: the payer.">
                {(fid, hint) => <input id={fid} aria-describedby={hint} value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />}
              </Field>
              <Field label="Reason">{(fid) => <input id={fid} value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />}</Field>
              {refundable.length > 1 ? (
                <Field label="Payment">
                  {(fid) => (
                    <select id={fid} value={paymentId} onChange={(e) => setPaymentId((e.target as HTMLSelectElement).value)}>
                      <option value="">The paying payment</option>
                      {refundable.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.id}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ) : null}
            </div>
            <button type="submit" disabled={act.busy}>
              Create refund
            </button>
          </fieldset>
        </form>
      ) : null}
      {built ? (
        <RefundTransfer built={built} onReport={(hash) => act.run(() => report(built.refund.id, hash))} busy={act.busy} settlement={s.settlement} />
      ) : null}
      <ErrorNotice error={act.error} />
    </Panel>
  );
}

function RefundTransfer({
  built,
  onReport,
  busy,
  settlement,
}: {
  built: BuiltRefund;
  onReport: (hash: string) => void;
  busy: boolean;
  settlement: Settlement;
}) {
  const [hash, setHash] = useState('');
  return (
    <section class="card" aria-label="Refund transfer to sign">
      <p>
        Refund <Mono value={built.refund.id} /> of <Amount base={built.refund.amount} decimals={settlement.decimals} symbol={settlement.symbol} /> is pending.
        Sign its transfer with the recipient wallet <Mono value={built.signer} />, then report the transaction.
      </p>
      {built.tx.__typename === 'EvmTx' ? (
        <>
          <DetailList
            items={[
              ['Chain', <ChainName key="c" id={built.tx.chainId} />],
              ['To (token contract)', <Mono key="t" value={built.tx.to} />],
              ['Data', <Mono key="d" value={built.tx.data} short />],
              ['Value', built.tx.value],
            ]}
          />
          <WalletSend tx={built.tx} from={built.signer} onSent={onReport} />
        </>
      ) : (
        <DetailList items={[['Serialized transaction (base64)', <Mono key="s" value={built.tx.serializedTx} short />]]} />
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (hash.trim()) onReport(hash.trim());
        }}
      >
        <div class="form-row">
          <Field label="Transaction hash" hint="Sent it from another wallet? Paste its hash.">
            {(fid, hint) => <input id={fid} aria-describedby={hint} value={hash} onInput={(e) => setHash((e.target as HTMLInputElement).value)} />}
          </Field>
          <button type="submit" disabled={busy || !hash.trim()}>
            Report transaction
          </button>
        </div>
      </form>
    </section>
  );
}
