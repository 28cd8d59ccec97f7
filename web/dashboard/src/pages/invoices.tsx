import { useEffect, useState } from 'preact/hooks';
import { useClient, useQuery } from '@urql/preact';
import { DetailList, ErrorNotice, Field, Loading, Mono, MoreButton, PageHeader, Table, When, DetailFallback } from '../components/ui';
import { ApiFailure, mutate, toFailure } from '../gql';
import { useLive, useRefetchOn } from '../live';
import { Link, navigate } from '../router';
import { AddressLink, Amount, ChainName, ExportCsv, newIdempotencyKey, Panel, StatusBadge, useAction, useCanWrite, usePaged } from './payments/common';
import { emptyLine, type LineDraft, LineItemsEditor, lineDraftOf, lineItemsInput } from './payments/line-items';
import { findPair, SETTLEMENT_PAIRS } from './payments/settlement';

/**
 * Invoices: the list (live on `invoice.*` events), a form that creates a draft or sends at once, and an invoice's
 * page: edit while it is a draft, send (or send again), void, the hosted page and, once paid, the receipt PDF.
 */

interface Settlement {
  chainId: number;
  token: string;
  symbol: string;
  decimals: number;
}

interface InvoiceRow {
  id: string;
  number: string | null;
  status: string;
  amount: string;
  customerEmail: string | null;
  customerName: string | null;
  dueAt: string | null;
  createdAt: string;
  settlement: Settlement;
}

const INVOICES = /* GraphQL */ `
  query DashboardInvoices($first: Int, $after: String, $status: InvoiceStatus) {
    invoices(first: $first, after: $after, status: $status) {
      nodes { id number status amount customerEmail customerName dueAt createdAt settlement { chainId token symbol decimals } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

const STATUSES = ['draft', 'open', 'paid', 'void'] as const;

export function InvoicesPage() {
  const [status, setStatus] = useState('');
  const canWrite = useCanWrite();
  const list = usePaged<InvoiceRow>(INVOICES, 'invoices', { status: status || null });
  useRefetchOn(['invoice.*'], list.reload);
  return (
    <>
      <PageHeader title="Invoices">
        {canWrite ? (
          <Link class="button" href="/invoices/new">
            New invoice
          </Link>
        ) : null}
      </PageHeader>
      <div class="form-row toolbar">
        <div class="field">
          <label for="invoices-status">Status</label>
          <select id="invoices-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ExportCsv kind="invoices" label="invoices" />
      <ErrorNotice error={list.error} />
      {list.loading && !list.items.length ? (
        <Loading />
      ) : (
        <Table<InvoiceRow>
          caption="Invoices"
          rowKey={(i) => i.id}
          rows={list.items}
          empty="No invoices yet in this mode."
          columns={[
            {
              label: 'Invoice',
              cell: (i) => (
                <Link href={`/invoices/${encodeURIComponent(i.id)}`}>
                  {i.number ?? (
                    <>
                      Draft <Mono value={i.id} short />
                    </>
                  )}
                </Link>
              ),
            },
            { label: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
            { label: 'Customer', cell: (i) => i.customerName ?? i.customerEmail ?? <span class="muted">—</span> },
            { label: 'Amount', numeric: true, cell: (i) => <Amount base={i.amount} decimals={i.settlement.decimals} symbol={i.settlement.symbol} /> },
            { label: 'Due', cell: (i) => <When at={i.dueAt} /> },
            { label: 'Created', cell: (i) => <When at={i.createdAt} /> },
          ]}
        />
      )}
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} />
    </>
  );
}

interface Invoice extends InvoiceRow {
  url: string;
  receiptUrl: string | null;
  recipient: string | null;
  merchantName: string | null;
  replyTo: string | null;
  memo: string | null;
  sentAt: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  sessionId: string | null;
  lastEmail: { kind: string; status: string; to: string; lastError: string | null; sentAt: string | null } | null;
  lineItems: { nodes: Array<{ description: string; quantity: number; unitAmount: string; amount: string }> };
}

const INVOICE_FIELDS = /* GraphQL */ `
  fragment DashboardInvoice on Invoice {
    id number status amount customerEmail customerName dueAt createdAt url receiptUrl recipient merchantName replyTo memo
    sentAt paidAt voidedAt sessionId
    settlement { chainId token symbol decimals }
    lastEmail { kind status to lastError sentAt }
    lineItems(first: 50) { nodes { description quantity unitAmount amount } }
  }
`;
const INVOICE = `query DashboardInvoice($id: ID!) { invoice(id: $id) { ...DashboardInvoice } } ${INVOICE_FIELDS}`;
const INVOICE_LIVE = `subscription DashboardInvoiceLive($id: ID!) { invoice(id: $id) { ...DashboardInvoice } } ${INVOICE_FIELDS}`;
const ERR = '... on Error { code message }';
const CREATE = `mutation DashboardCreateInvoice($input: CreateInvoiceInput!) { createInvoice(input: $input) { __typename ${ERR} ... on CreateInvoicePayload { invoice { ...DashboardInvoice } } } } ${INVOICE_FIELDS}`;
const UPDATE = `mutation DashboardUpdateInvoice($input: UpdateInvoiceInput!) { updateInvoice(input: $input) { __typename ${ERR} ... on UpdateInvoicePayload { invoice { ...DashboardInvoice } } } } ${INVOICE_FIELDS}`;
const SEND = `mutation DashboardSendInvoice($input: SendInvoiceInput!) { sendInvoice(input: $input) { __typename ${ERR} ... on SendInvoicePayload { invoice { ...DashboardInvoice } } } } ${INVOICE_FIELDS}`;
const VOID = `mutation DashboardVoidInvoice($input: VoidInvoiceInput!) { voidInvoice(input: $input) { __typename ${ERR} ... on VoidInvoicePayload { invoice { ...DashboardInvoice } } } } ${INVOICE_FIELDS}`;

interface Draft {
  customerEmail: string;
  customerName: string;
  merchantName: string;
  replyTo: string;
  recipient: string;
  pair: string;
  dueOn: string;
  memo: string;
  lines: LineDraft[];
}

const blankDraft = (): Draft => ({
  customerEmail: '',
  customerName: '',
  merchantName: '',
  replyTo: '',
  recipient: '',
  pair: SETTLEMENT_PAIRS.find((p) => p.value === 'base:USDC')?.value ?? SETTLEMENT_PAIRS[0]!.value,
  dueOn: '',
  memo: '',
  lines: [emptyLine()],
});

function draftOf(inv: Invoice): Draft {
  const pair = findPair(inv.settlement.chainId, inv.settlement.token);
  return {
    customerEmail: inv.customerEmail ?? '',
    customerName: inv.customerName ?? '',
    merchantName: inv.merchantName ?? '',
    replyTo: inv.replyTo ?? '',
    recipient: inv.recipient ?? '',
    pair: pair?.value ?? blankDraft().pair,
    dueOn: inv.dueAt ? inv.dueAt.slice(0, 10) : '',
    memo: inv.memo ?? '',
    lines: inv.lineItems.nodes.map((li) => lineDraftOf(li, inv.settlement.decimals)),
  };
}

/** The form's fields as the API takes them: every amount as an integer string of base units. */
function inputOf(d: Draft, editing: boolean): Record<string, unknown> {
  const pair = SETTLEMENT_PAIRS.find((p) => p.value === d.pair);
  if (!pair) throw new ApiFailure('INVALID_PARAMS', 'Pick a settlement token.');
  if (!d.recipient.trim()) throw new ApiFailure('INVALID_PARAMS', 'recipient: enter the address that receives the payment.');
  const opt = (v: string) => (v.trim() ? v.trim() : editing ? null : undefined);
  return {
    customerEmail: opt(d.customerEmail),
    customerName: opt(d.customerName),
    merchantName: opt(d.merchantName),
    replyTo: opt(d.replyTo),
    memo: opt(d.memo),
    recipient: d.recipient.trim(),
    settleChain: pair.chain,
    settleToken: pair.symbol,
    dueOn: d.dueOn || (editing ? null : undefined),
    lineItems: lineItemsInput(d.lines, pair.decimals),
  };
}

function InvoiceForm({
  initial,
  submitLabel,
  onSubmit,
  withSend,
}: {
  initial: Draft;
  submitLabel: string;
  onSubmit: (d: Draft, send: boolean) => Promise<void>;
  withSend: boolean;
}) {
  const [d, setD] = useState(initial);
  const act = useAction();
  const pair = SETTLEMENT_PAIRS.find((p) => p.value === d.pair) ?? SETTLEMENT_PAIRS[0]!;
  const text = (k: keyof Omit<Draft, 'lines'>) => (e: Event) => setD({ ...d, [k]: (e.target as HTMLInputElement).value });
  const submit = (send: boolean) => act.run(() => onSubmit(d, send));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      <fieldset>
        <legend>Customer</legend>
        <div class="form-row">
          <Field label="Email" hint="Where the invoice and receipt are sent.">
            {(id, hint) => <input id={id} type="email" aria-describedby={hint} value={d.customerEmail} onInput={text('customerEmail')} />}
          </Field>
          <Field label="Name">{(id) => <input id={id} value={d.customerName} onInput={text('customerName')} />}</Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>Payment</legend>
        <div class="form-row">
          <Field label="Settle in">
            {(id) => (
              <select id={id} value={d.pair} onChange={text('pair')}>
                {SETTLEMENT_PAIRS.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.symbol} on {p.chainName}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Recipient address" hint="Your wallet that receives the payment.">
            {(id, hint) => <input id={id} required aria-describedby={hint} class="wide" value={d.recipient} onInput={text('recipient')} />}
          </Field>
          <Field label="Due date">{(id) => <input id={id} type="date" value={d.dueOn} onInput={text('dueOn')} />}</Field>
        </div>
      </fieldset>
      <LineItemsEditor lines={d.lines} onChange={(lines) => setD({ ...d, lines })} decimals={pair.decimals} symbol={pair.symbol} />
      <fieldset>
        <legend>From you</legend>
        <div class="form-row">
          <Field label="Merchant name">{(id) => <input id={id} value={d.merchantName} onInput={text('merchantName')} />}</Field>
          <Field label="Reply-to email">{(id) => <input id={id} type="email" value={d.replyTo} onInput={text('replyTo')} />}</Field>
        </div>
        <Field label="Memo">{(id) => <textarea id={id} rows={3} value={d.memo} onInput={text('memo')} />}</Field>
      </fieldset>
      <ErrorNotice error={act.error} />
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          {submitLabel}
        </button>
        {withSend ? (
          <button type="button" class="secondary" disabled={act.busy} onClick={() => void submit(true)}>
            Create and send
          </button>
        ) : null}
      </div>
    </form>
  );
}

export function NewInvoicePage() {
  const client = useClient();
  const [key] = useState(newIdempotencyKey);
  return (
    <>
      <PageHeader title="New invoice" />
      <p>
        <Link href="/invoices">← All invoices</Link>
      </p>
      <InvoiceForm
        initial={blankDraft()}
        submitLabel="Save draft"
        withSend
        onSubmit={async (d, send) => {
          const p = await mutate<{ invoice: Invoice }>(client, CREATE, 'createInvoice', {
            ...inputOf(d, false),
            send,
            idempotencyKey: `${key}-${send ? 's' : 'd'}`,
          });
          navigate(`/invoices/${encodeURIComponent(p.invoice.id)}`);
        }}
      />
    </>
  );
}

export function InvoiceDetailPage({ params }: { params: Record<string, string> }) {
  const id = params.id!;
  const client = useClient();
  const canWrite = useCanWrite();
  const [r] = useQuery<{ invoice: Invoice | null }>({ query: INVOICE, variables: { id } });
  const [inv, setInv] = useState<Invoice | null>(null);
  const [editing, setEditing] = useState(false);
  const act = useAction();
  useEffect(() => setInv(r.data?.invoice ?? null), [r.data]);
  useLive<{ invoice: Invoice }>(INVOICE_LIVE, { id }, { onData: (d) => d?.invoice && setInv(d.invoice) });
  if (!inv)
    return (
      <DetailFallback title="Invoice" loading={r.fetching} error={r.error ? toFailure(r.error) : null}>
        No invoice <Mono value={id} /> in this account and mode. <Link href="/invoices">All invoices</Link>
      </DetailFallback>
    );
  const money = (base: string) => <Amount base={base} decimals={inv.settlement.decimals} symbol={inv.settlement.symbol} />;
  const run = (doc: string, field: string, confirmText?: string) =>
    act.run(async () => {
      if (confirmText && !confirm(confirmText)) return;
      const p = await mutate<{ invoice: Invoice }>(client, doc, field, { id: inv.id, idempotencyKey: newIdempotencyKey() });
      setInv(p.invoice);
    });
  return (
    <>
      <PageHeader title={inv.number ? `Invoice ${inv.number}` : 'Draft invoice'} />
      <p>
        <Link href="/invoices">← All invoices</Link>
      </p>
      <Panel title="Status">
        <p aria-live="polite">
          <span data-testid="invoice-status">
            <StatusBadge status={inv.status} />
          </span>
          {inv.paidAt ? (
            <span class="muted">
              {' '}
              paid <When at={inv.paidAt} />
            </span>
          ) : null}
        </p>
        <div class="actions">
          {inv.status !== 'draft' ? (
            <a class="button secondary" href={inv.url} target="_blank" rel="noopener noreferrer">
              Hosted invoice page
            </a>
          ) : null}
          {inv.receiptUrl ? (
            <a class="button secondary" href={inv.receiptUrl} target="_blank" rel="noopener noreferrer">
              Receipt (PDF)
            </a>
          ) : null}
          {canWrite && inv.status === 'draft' && !editing ? (
            <button type="button" class="secondary" onClick={() => setEditing(true)}>
              Edit draft
            </button>
          ) : null}
          {canWrite && (inv.status === 'draft' || inv.status === 'open') ? (
            <button type="button" disabled={act.busy} onClick={() => void run(SEND, 'sendInvoice')}>
              {inv.status === 'draft' ? 'Send invoice' : 'Send again'}
            </button>
          ) : null}
          {canWrite && (inv.status === 'draft' || inv.status === 'open') ? (
            <button
              type="button"
              class="danger"
              disabled={act.busy}
              onClick={() => void run(VOID, 'voidInvoice', 'Void this invoice? It can no longer be paid.')}
            >
              Void invoice
            </button>
          ) : null}
        </div>
        <ErrorNotice error={act.error} />
      </Panel>
      {editing ? (
        <Panel title="Edit draft">
          <InvoiceForm
            initial={draftOf(inv)}
            submitLabel="Save changes"
            withSend={false}
            onSubmit={async (d) => {
              const p = await mutate<{ invoice: Invoice }>(client, UPDATE, 'updateInvoice', { id: inv.id, ...inputOf(d, true) });
              setInv(p.invoice);
              setEditing(false);
            }}
          />
          <button type="button" class="secondary" onClick={() => setEditing(false)}>
            Cancel editing
          </button>
        </Panel>
      ) : (
        <>
          <Panel title="Details">
            <DetailList
              items={[
                ['Amount', money(inv.amount)],
                [
                  'Settlement',
                  <>
                    <ChainName id={inv.settlement.chainId} /> · {inv.settlement.symbol}
                  </>,
                ],
                ['Recipient', inv.recipient ? <AddressLink key="r" chainId={inv.settlement.chainId} address={inv.recipient} /> : null],
                ['Customer', [inv.customerName, inv.customerEmail].filter(Boolean).join(' · ') || null],
                ['Due', <When key="d" at={inv.dueAt} />],
                ['Sent', <When key="s" at={inv.sentAt} />],
                [
                  'Last email',
                  inv.lastEmail
                    ? `${inv.lastEmail.kind} to ${inv.lastEmail.to}: ${inv.lastEmail.status}${inv.lastEmail.lastError ? ` (${inv.lastEmail.lastError})` : ''}`
                    : null,
                ],
                [
                  'Checkout session',
                  inv.sessionId ? (
                    <Link href={`/checkout-sessions/${encodeURIComponent(inv.sessionId)}`}>
                      <Mono value={inv.sessionId} short />
                    </Link>
                  ) : null,
                ],
                ['Memo', inv.memo],
                ['Voided', inv.voidedAt ? <When key="v" at={inv.voidedAt} /> : null],
              ]}
            />
          </Panel>
          <Panel title="Line items">
            <Table
              caption="Line items"
              rowKey={(li) => String(li.n)}
              rows={inv.lineItems.nodes.map((li, n) => ({ ...li, n }))}
              empty="No line items."
              columns={[
                { label: 'Description', cell: (li) => li.description },
                { label: 'Quantity', numeric: true, cell: (li) => li.quantity },
                { label: 'Unit price', numeric: true, cell: (li) => money(li.unitAmount) },
                { label: 'Amount', numeric: true, cell: (li) => money(li.amount) },
              ]}
            />
          </Panel>
        </>
      )}
    </>
  );
}
