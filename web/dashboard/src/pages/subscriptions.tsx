import { useEffect, useState } from 'preact/hooks';
import { useClient, useQuery } from '@urql/preact';
import { DetailList, ErrorNotice, Field, Loading, Mono, MoreButton, Notice, PageHeader, Table, When, DetailFallback } from '../components/ui';
import { ApiFailure, mutate, toFailure } from '../gql';
import { useLive, useRefetchOn } from '../live';
import { Link, navigate } from '../router';
import { AddressLink, Amount, ChainName, newIdempotencyKey, Panel, StatusBadge, useAction, useCanWrite, useIsTest, usePaged } from './payments/common';
import { emptyLine, type LineDraft, LineItemsEditor, lineItemsInput } from './payments/line-items';
import { SETTLEMENT_PAIRS } from './payments/settlement';

/**
 * Subscriptions (recurring billing): the list (live on `subscription.*` events), a creation form, a subscription's
 * page (cancel now or at period end, resume, its periods and invoices) and, in test mode, test clocks: create one,
 * attach subscriptions to it at creation, advance it, delete it.
 */

interface Settlement {
  chainId: number;
  token: string;
  symbol: string;
  decimals: number;
}

interface SubRow {
  id: string;
  status: string;
  amount: string;
  interval: string;
  intervalCount: number;
  customerEmail: string;
  customerName: string | null;
  cancelAtPeriodEnd: boolean;
  nextInvoiceAt: string | null;
  testClockId: string | null;
  createdAt: string;
  settlement: Settlement;
}

const SUB_ROW =
  'id status amount interval intervalCount customerEmail customerName cancelAtPeriodEnd nextInvoiceAt testClockId createdAt settlement { chainId token symbol decimals }';
const SUBS = /* GraphQL */ `
  query DashboardSubscriptions($first: Int, $after: String, $status: BillingSubscriptionStatus) {
    billingSubscriptions(first: $first, after: $after, status: $status) { nodes { ${SUB_ROW} } pageInfo { hasNextPage endCursor } }
  }
`;

const every = (s: Pick<SubRow, 'interval' | 'intervalCount'>) => (s.intervalCount === 1 ? `every ${s.interval}` : `every ${s.intervalCount} ${s.interval}s`);
const STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;

export function SubscriptionsPage() {
  const [status, setStatus] = useState('');
  const canWrite = useCanWrite();
  const test = useIsTest();
  const list = usePaged<SubRow>(SUBS, 'billingSubscriptions', { status: status || null });
  useRefetchOn(['subscription.*'], list.reload);
  return (
    <>
      <PageHeader title="Subscriptions">
        {test ? (
          <Link class="button secondary" href="/test-clocks">
            Test clocks
          </Link>
        ) : null}
        {canWrite ? (
          <Link class="button" href="/subscriptions/new">
            New subscription
          </Link>
        ) : null}
      </PageHeader>
      <div class="form-row toolbar">
        <div class="field">
          <label for="subs-status">Status</label>
          <select id="subs-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ')}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorNotice error={list.error} />
      {list.loading && !list.items.length ? (
        <Loading />
      ) : (
        <Table<SubRow>
          caption="Subscriptions"
          rowKey={(s) => s.id}
          rows={list.items}
          empty="No subscriptions yet in this mode."
          columns={[
            {
              label: 'Subscription',
              cell: (s) => (
                <Link href={`/subscriptions/${encodeURIComponent(s.id)}`}>
                  <Mono value={s.id} short />
                </Link>
              ),
            },
            {
              label: 'Status',
              cell: (s) => (
                <>
                  <StatusBadge status={s.status} />
                  {s.cancelAtPeriodEnd ? <span class="muted small"> ends at period end</span> : null}
                </>
              ),
            },
            { label: 'Customer', cell: (s) => s.customerName ?? s.customerEmail },
            {
              label: 'Amount',
              numeric: true,
              cell: (s) => (
                <>
                  <Amount base={s.amount} decimals={s.settlement.decimals} symbol={s.settlement.symbol} /> {every(s)}
                </>
              ),
            },
            { label: 'Next invoice', cell: (s) => <When at={s.nextInvoiceAt} /> },
          ]}
        />
      )}
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} />
    </>
  );
}

interface Sub extends SubRow {
  recipient: string;
  merchantName: string | null;
  daysUntilDue: number;
  trialEndAt: string | null;
  startAt: string;
  currentPeriodStartAt: string | null;
  currentPeriodEndAt: string | null;
  canceledAt: string | null;
  cancellationReason: string | null;
  latestInvoiceId: string | null;
  lineItems: { nodes: Array<{ description: string; quantity: number; unitAmount: string }> };
  periods: {
    nodes: Array<{
      index: number;
      startAt: string;
      endAt: string;
      dueAt: string;
      invoiceId: string;
      paidAt: string | null;
      pastDueAt: string | null;
      voidedAt: string | null;
    }>;
  };
}

const SUB_FIELDS = /* GraphQL */ `
  fragment DashboardSubscription on BillingSubscription {
    ${SUB_ROW} recipient merchantName daysUntilDue trialEndAt startAt currentPeriodStartAt currentPeriodEndAt canceledAt cancellationReason latestInvoiceId
    lineItems(first: 50) { nodes { description quantity unitAmount } }
    periods(first: 24) { nodes { index startAt endAt dueAt invoiceId paidAt pastDueAt voidedAt } }
  }
`;
const SUB = `query DashboardSubscription($id: ID!) { billingSubscription(id: $id) { ...DashboardSubscription } } ${SUB_FIELDS}`;
const SUB_LIVE = `subscription DashboardSubscriptionLive($id: ID!) { billingSubscription(id: $id) { ...DashboardSubscription } } ${SUB_FIELDS}`;
const ERR = '... on Error { code message }';
const CREATE = `mutation DashboardCreateSubscription($input: CreateBillingSubscriptionInput!) { createBillingSubscription(input: $input) { __typename ${ERR} ... on CreateBillingSubscriptionPayload { billingSubscription { id } } } }`;
const CANCEL = `mutation DashboardCancelSubscription($input: CancelBillingSubscriptionInput!) { cancelBillingSubscription(input: $input) { __typename ${ERR} ... on CancelBillingSubscriptionPayload { billingSubscription { ...DashboardSubscription } } } } ${SUB_FIELDS}`;
const RESUME = `mutation DashboardResumeSubscription($input: ResumeBillingSubscriptionInput!) { resumeBillingSubscription(input: $input) { __typename ${ERR} ... on ResumeBillingSubscriptionPayload { billingSubscription { ...DashboardSubscription } } } } ${SUB_FIELDS}`;

export function SubscriptionDetailPage({ params }: { params: Record<string, string> }) {
  const id = params.id!;
  const client = useClient();
  const canWrite = useCanWrite();
  const act = useAction();
  const [r] = useQuery<{ billingSubscription: Sub | null }>({ query: SUB, variables: { id } });
  const [sub, setSub] = useState<Sub | null>(null);
  useEffect(() => setSub(r.data?.billingSubscription ?? null), [r.data]);
  useLive<{ billingSubscription: Sub }>(SUB_LIVE, { id }, { onData: (d) => d?.billingSubscription && setSub(d.billingSubscription) });
  if (!sub)
    return (
      <DetailFallback title="Subscription" loading={r.fetching} error={r.error ? toFailure(r.error) : null}>
        No subscription <Mono value={id} /> in this account and mode. <Link href="/subscriptions">All subscriptions</Link>
      </DetailFallback>
    );
  const money = (base: string) => <Amount base={base} decimals={sub.settlement.decimals} symbol={sub.settlement.symbol} />;
  const act2 = (doc: string, field: string, input: Record<string, unknown>, ask?: string) =>
    act.run(async () => {
      if (ask && !confirm(ask)) return;
      const p = await mutate<{ billingSubscription: Sub }>(client, doc, field, { id: sub.id, idempotencyKey: newIdempotencyKey(), ...input });
      setSub(p.billingSubscription);
    });
  const live = sub.status !== 'canceled';
  return (
    <>
      <PageHeader title={`Subscription ${sub.id}`} />
      <p>
        <Link href="/subscriptions">← All subscriptions</Link>
      </p>
      <Panel title="Status">
        <p aria-live="polite">
          <StatusBadge status={sub.status} />
          {sub.cancelAtPeriodEnd ? (
            <span class="muted">
              {' '}
              ends <When at={sub.currentPeriodEndAt} />
            </span>
          ) : null}
          {sub.cancellationReason ? <span class="muted"> ({sub.cancellationReason.replace('_', ' ')})</span> : null}
        </p>
        {canWrite && live ? (
          <div class="actions">
            {sub.cancelAtPeriodEnd ? (
              <button type="button" disabled={act.busy} onClick={() => void act2(RESUME, 'resumeBillingSubscription', {})}>
                Resume subscription
              </button>
            ) : (
              <button type="button" class="secondary" disabled={act.busy} onClick={() => void act2(CANCEL, 'cancelBillingSubscription', { atPeriodEnd: true })}>
                Cancel at period end
              </button>
            )}
            <button
              type="button"
              class="danger"
              disabled={act.busy}
              onClick={() =>
                void act2(CANCEL, 'cancelBillingSubscription', { atPeriodEnd: false }, 'Cancel this subscription now? No further invoices are issued.')
              }
            >
              Cancel now
            </button>
          </div>
        ) : null}
        <ErrorNotice error={act.error} />
      </Panel>
      <Panel title="Details">
        <DetailList
          items={[
            [
              'Amount',
              <>
                {money(sub.amount)} {every(sub)}
              </>,
            ],
            [
              'Settlement',
              <>
                <ChainName id={sub.settlement.chainId} /> · {sub.settlement.symbol}
              </>,
            ],
            ['Recipient', <AddressLink key="r" chainId={sub.settlement.chainId} address={sub.recipient} />],
            ['Customer', [sub.customerName, sub.customerEmail].filter(Boolean).join(' · ')],
            ['Days until due', sub.daysUntilDue],
            ['Trial ends', sub.trialEndAt ? <When key="t" at={sub.trialEndAt} /> : null],
            [
              'Current period',
              sub.currentPeriodStartAt ? (
                <>
                  <When at={sub.currentPeriodStartAt} /> – <When at={sub.currentPeriodEndAt} />
                </>
              ) : null,
            ],
            ['Next invoice', <When key="n" at={sub.nextInvoiceAt} />],
            [
              'Test clock',
              sub.testClockId ? (
                <Link href="/test-clocks">
                  <Mono value={sub.testClockId} short />
                </Link>
              ) : null,
            ],
          ]}
        />
      </Panel>
      <Panel title="Line items">
        <Table
          caption="Line items"
          rowKey={(li) => String(li.n)}
          rows={sub.lineItems.nodes.map((li, n) => ({ ...li, n }))}
          empty="No line items."
          columns={[
            { label: 'Description', cell: (li) => li.description },
            { label: 'Quantity', numeric: true, cell: (li) => li.quantity },
            { label: 'Unit price', numeric: true, cell: (li) => money(li.unitAmount) },
          ]}
        />
      </Panel>
      <Panel title="Periods">
        <Table
          caption="Billing periods"
          rowKey={(p) => String(p.index)}
          rows={sub.periods.nodes}
          empty="No period billed yet."
          columns={[
            {
              label: 'Period',
              cell: (p) => (
                <>
                  <When at={p.startAt} /> – <When at={p.endAt} />
                </>
              ),
            },
            {
              label: 'Invoice',
              cell: (p) => (
                <Link href={`/invoices/${encodeURIComponent(p.invoiceId)}`}>
                  <Mono value={p.invoiceId} short />
                </Link>
              ),
            },
            { label: 'Due', cell: (p) => <When at={p.dueAt} /> },
            { label: 'State', cell: (p) => <StatusBadge status={p.paidAt ? 'paid' : p.voidedAt ? 'void' : p.pastDueAt ? 'past_due' : 'open'} /> },
          ]}
        />
      </Panel>
    </>
  );
}

interface Clock {
  id: string;
  name: string | null;
  frozenAt: string;
  status: string;
  createdAt: string;
}
const CLOCKS = `query DashboardTestClocks($first: Int, $after: String) { testClocks(first: $first, after: $after) { nodes { id name frozenAt status createdAt } pageInfo { hasNextPage endCursor } } }`;

export function NewSubscriptionPage() {
  const client = useClient();
  const test = useIsTest();
  const clocks = usePaged<Clock>(CLOCKS, 'testClocks', {}, 50, { pause: !test });
  const [key] = useState(newIdempotencyKey);
  const act = useAction();
  const [f, setF] = useState({
    customerEmail: '',
    customerName: '',
    recipient: '',
    pair: 'base:USDC',
    interval: 'month',
    intervalCount: '1',
    daysUntilDue: '7',
    trialDays: '',
    testClockId: '',
  });
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const pair = SETTLEMENT_PAIRS.find((p) => p.value === f.pair) ?? SETTLEMENT_PAIRS[0]!;
  const text = (k: keyof typeof f) => (e: Event) => setF({ ...f, [k]: (e.target as HTMLInputElement).value });
  const int = (v: string, name: string) => {
    if (!v.trim()) return undefined;
    if (!/^[0-9]+$/.test(v.trim())) throw new ApiFailure('INVALID_PARAMS', `${name}: a whole number.`);
    return Number(v);
  };
  return (
    <>
      <PageHeader title="New subscription" />
      <p>
        <Link href="/subscriptions">← All subscriptions</Link>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            const input = {
              idempotencyKey: key,
              customerEmail: f.customerEmail.trim(),
              ...(f.customerName.trim() ? { customerName: f.customerName.trim() } : {}),
              recipient: f.recipient.trim(),
              settleChain: pair.chain,
              settleToken: pair.symbol,
              interval: f.interval,
              intervalCount: int(f.intervalCount, 'intervalCount'),
              daysUntilDue: int(f.daysUntilDue, 'daysUntilDue'),
              trialDays: int(f.trialDays, 'trialDays'),
              ...(f.testClockId ? { testClockId: f.testClockId } : {}),
              lineItems: lineItemsInput(lines, pair.decimals),
            };
            const p = await mutate<{ billingSubscription: { id: string } }>(client, CREATE, 'createBillingSubscription', input);
            navigate(`/subscriptions/${encodeURIComponent(p.billingSubscription.id)}`);
          });
        }}
      >
        <fieldset>
          <legend>Customer</legend>
          <div class="form-row">
            <Field label="Email">{(id) => <input id={id} type="email" required value={f.customerEmail} onInput={text('customerEmail')} />}</Field>
            <Field label="Name">{(id) => <input id={id} value={f.customerName} onInput={text('customerName')} />}</Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>Billing</legend>
          <div class="form-row">
            <Field label="Settle in">
              {(id) => (
                <select id={id} value={f.pair} onChange={text('pair')}>
                  {SETTLEMENT_PAIRS.map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.symbol} on {p.chainName}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Recipient address">{(id) => <input id={id} required value={f.recipient} onInput={text('recipient')} />}</Field>
            <Field label="Every">{(id) => <input id={id} inputMode="numeric" size={3} value={f.intervalCount} onInput={text('intervalCount')} />}</Field>
            <Field label="Interval">
              {(id) => (
                <select id={id} value={f.interval} onChange={text('interval')}>
                  {['day', 'week', 'month', 'year'].map((i) => (
                    <option key={i} value={i}>
                      {i}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Days until due">{(id) => <input id={id} inputMode="numeric" size={3} value={f.daysUntilDue} onInput={text('daysUntilDue')} />}</Field>
            <Field label="Trial days">{(id) => <input id={id} inputMode="numeric" size={3} value={f.trialDays} onInput={text('trialDays')} />}</Field>
            {test ? (
              <Field label="Test clock" hint="The subscription lives in the clock's time.">
                {(id, hint) => (
                  <select id={id} aria-describedby={hint} value={f.testClockId} onChange={text('testClockId')}>
                    <option value="">None (real time)</option>
                    {clocks.items.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name ?? c.id}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
          </div>
        </fieldset>
        <LineItemsEditor lines={lines} onChange={setLines} decimals={pair.decimals} symbol={pair.symbol} />
        <ErrorNotice error={act.error} />
        <button type="submit" disabled={act.busy}>
          Create subscription
        </button>
      </form>
    </>
  );
}

const CREATE_CLOCK = `mutation DashboardCreateTestClock($input: CreateTestClockInput!) { createTestClock(input: $input) { __typename ${ERR} ... on CreateTestClockPayload { testClock { id } } } }`;
const ADVANCE_CLOCK = `mutation DashboardAdvanceTestClock($input: AdvanceTestClockInput!) { advanceTestClock(input: $input) { __typename ${ERR} ... on AdvanceTestClockPayload { testClock { id frozenAt status } } } }`;
const DELETE_CLOCK = `mutation DashboardDeleteTestClock($input: DeleteTestClockInput!) { deleteTestClock(input: $input) { __typename ${ERR} ... on DeleteTestClockPayload { deletedTestClockId } } }`;

/** `datetime-local` text (the reader's local time) as an ISO timestamp, or undefined when empty or invalid. */
const isoOfLocal = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined);
const localOf = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function TestClocksPage() {
  const client = useClient();
  const test = useIsTest();
  const canWrite = useCanWrite();
  const clocks = usePaged<Clock>(CLOCKS, 'testClocks', {}, 50, { pause: !test });
  const act = useAction();
  const [name, setName] = useState('');
  const [frozen, setFrozen] = useState('');
  const [advanceTo, setAdvanceTo] = useState<Record<string, string>>({});
  if (!test)
    return (
      <>
        <PageHeader title="Test clocks" />
        <Notice kind="info">Test clocks exist in test mode only: switch to test mode to use them.</Notice>
      </>
    );
  return (
    <>
      <PageHeader title="Test clocks" />
      <p class="muted">A test clock holds a frozen time; subscriptions created on it bill in its time as you advance it.</p>
      {canWrite ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act.run(async () => {
              await mutate(client, CREATE_CLOCK, 'createTestClock', {
                idempotencyKey: newIdempotencyKey(),
                ...(name.trim() ? { name: name.trim() } : {}),
                ...(isoOfLocal(frozen) ? { frozenAt: isoOfLocal(frozen) } : {}),
              });
              setName('');
              setFrozen('');
              clocks.reload();
            });
          }}
        >
          <fieldset>
            <legend>New test clock</legend>
            <div class="form-row">
              <Field label="Name">{(id) => <input id={id} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />}</Field>
              <Field label="Frozen at" hint="Default: now.">
                {(id, hint) => (
                  <input
                    id={id}
                    type="datetime-local"
                    aria-describedby={hint}
                    value={frozen}
                    onInput={(e) => setFrozen((e.target as HTMLInputElement).value)}
                  />
                )}
              </Field>
              <button type="submit" disabled={act.busy}>
                Create test clock
              </button>
            </div>
          </fieldset>
        </form>
      ) : null}
      <ErrorNotice error={act.error ?? clocks.error} />
      <Table<Clock>
        caption="Test clocks"
        rowKey={(c) => c.id}
        rows={clocks.items}
        empty="No test clocks."
        columns={[
          {
            label: 'Clock',
            cell: (c) => (
              <>
                {c.name ?? <span class="muted">unnamed</span>} <Mono value={c.id} short />
              </>
            ),
          },
          { label: 'Frozen at', cell: (c) => <When at={c.frozenAt} /> },
          { label: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
          {
            label: 'Actions',
            cell: (c) =>
              canWrite ? (
                <div class="form-row">
                  <div class="field">
                    <label for={`adv-${c.id}`}>Advance {c.name ?? c.id} to</label>
                    <input
                      id={`adv-${c.id}`}
                      type="datetime-local"
                      value={advanceTo[c.id] ?? localOf(c.frozenAt)}
                      onInput={(e) => setAdvanceTo({ ...advanceTo, [c.id]: (e.target as HTMLInputElement).value })}
                    />
                  </div>
                  <button
                    type="button"
                    disabled={act.busy || c.status === 'advancing'}
                    onClick={() =>
                      void act.run(async () => {
                        const to = isoOfLocal(advanceTo[c.id] ?? '');
                        if (!to) throw new ApiFailure('INVALID_PARAMS', 'frozenAt: pick a later time to advance to.');
                        await mutate(client, ADVANCE_CLOCK, 'advanceTestClock', { id: c.id, frozenAt: to, idempotencyKey: newIdempotencyKey() });
                        clocks.reload();
                      })
                    }
                  >
                    Advance<span class="visually-hidden"> {c.name ?? c.id}</span>
                  </button>
                  <button
                    type="button"
                    class="danger"
                    disabled={act.busy}
                    onClick={() =>
                      void act.run(async () => {
                        if (!confirm('Delete this test clock and its subscriptions? Their invoices stay.')) return;
                        await mutate(client, DELETE_CLOCK, 'deleteTestClock', { id: c.id });
                        clocks.reload();
                      })
                    }
                  >
                    Delete<span class="visually-hidden"> {c.name ?? c.id}</span>
                  </button>
                </div>
              ) : null,
          },
        ]}
      />
      <MoreButton hasMore={clocks.hasMore} loading={clocks.loading} onMore={clocks.more} />
    </>
  );
}
