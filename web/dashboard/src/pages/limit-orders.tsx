import { useEffect, useState } from 'preact/hooks';
import { useClient, useQuery } from '@urql/preact';
import { DetailList, ErrorNotice, Loading, Mono, MoreButton, PageHeader, Table, When, DetailFallback } from '../components/ui';
import { type ApiFailure, queryOnce, toFailure } from '../gql';
import { useLive, useRefetchOn } from '../live';
import { Link } from '../router';
import { AddressLink, ChainName, Panel, StatusBadge, TokenAmount, TxLink, usePaged } from './payments/common';

/**
 * Limit orders (Solana, through the venue's trigger orders): the list (live on `limit_order.*` events), and an
 * order's page following it through the `limitOrder` subscription, with its fills (the order records of the
 * account that carry its id).
 */

interface LimitRow {
  id: string;
  status: string;
  chainId: number;
  maker: string;
  inputMint: string;
  outputMint: string;
  makingAmount: string;
  takingAmount: string;
  filledMakingAmount: string;
  createdAt: string;
  expiresAt: string | null;
}

const ROW = 'id status chainId maker inputMint outputMint makingAmount takingAmount filledMakingAmount createdAt expiresAt';
const LIST = /* GraphQL */ `
  query DashboardLimitOrders($first: Int, $after: String, $status: LimitOrderStatus, $maker: String) {
    limitOrders(first: $first, after: $after, status: $status, maker: $maker) { nodes { ${ROW} } pageInfo { hasNextPage endCursor } }
  }
`;
const STATUSES = ['pending_signature', 'open', 'partially_filled', 'filled', 'cancelled', 'expired', 'failed'] as const;

export function LimitOrdersPage() {
  const [status, setStatus] = useState('');
  const [maker, setMaker] = useState('');
  const list = usePaged<LimitRow>(LIST, 'limitOrders', { status: status || null, maker: maker.trim() || null });
  useRefetchOn(['limit_order.*'], list.reload);
  return (
    <>
      <PageHeader title="Limit orders" />
      <div class="form-row toolbar">
        <div class="field">
          <label for="lo-status">Status</label>
          <select id="lo-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="lo-maker">Maker wallet</label>
          <input id="lo-maker" value={maker} onChange={(e) => setMaker((e.target as HTMLInputElement).value)} />
        </div>
      </div>
      <ErrorNotice error={list.error} />
      {list.loading && !list.items.length ? (
        <Loading />
      ) : (
        <Table<LimitRow>
          caption="Limit orders"
          rowKey={(o) => o.id}
          rows={list.items}
          empty="No limit orders yet in this mode."
          columns={[
            {
              label: 'Order',
              cell: (o) => (
                <Link href={`/limit-orders/${encodeURIComponent(o.id)}`}>
                  <Mono value={o.id} short />
                </Link>
              ),
            },
            { label: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
            { label: 'Sell', numeric: true, cell: (o) => <TokenAmount base={o.makingAmount} chainId={o.chainId} token={o.inputMint} /> },
            { label: 'For', numeric: true, cell: (o) => <TokenAmount base={o.takingAmount} chainId={o.chainId} token={o.outputMint} /> },
            { label: 'Filled', numeric: true, cell: (o) => <TokenAmount base={o.filledMakingAmount} chainId={o.chainId} token={o.inputMint} /> },
            { label: 'Created', cell: (o) => <When at={o.createdAt} /> },
          ]}
        />
      )}
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} />
    </>
  );
}

interface LimitOrder extends LimitRow {
  provider: string;
  providerOrderId: string;
  filledTakingAmount: string;
  remainingMakingAmount: string;
  openTxHash: string | null;
  closeTxHash: string | null;
  updatedAt: string;
  price: { outputPerInput: string; inputPerOutput: string };
  fees: { ourFeeBps: number; integratorFeeBps: number | null; integrator: string | null };
}

const FIELDS = /* GraphQL */ `
  fragment DashboardLimitOrder on LimitOrder {
    ${ROW} provider providerOrderId filledTakingAmount remainingMakingAmount openTxHash closeTxHash updatedAt
    price { outputPerInput inputPerOutput }
    fees { ourFeeBps integratorFeeBps integrator }
  }
`;
const ONE = `query DashboardLimitOrder($id: ID!) { limitOrder(id: $id) { ...DashboardLimitOrder } } ${FIELDS}`;
const LIVE = `subscription DashboardLimitOrderLive($id: ID!) { limitOrder(id: $id) { ...DashboardLimitOrder } } ${FIELDS}`;

interface Fill {
  quoteId: string;
  status: string;
  amount: string;
  dstAmount: string;
  srcTxHash: string;
  submittedAt: string;
  limitOrderId: string | null;
}
const FILLS = /* GraphQL */ `
  query DashboardLimitOrderFills($first: Int, $after: String) {
    orders(first: $first, after: $after) { nodes { quoteId status amount dstAmount srcTxHash submittedAt limitOrderId } pageInfo { hasNextPage endCursor } }
  }
`;
/** How many pages of 100 order records are searched for an order's fills (the list of orders has no limit-order filter). */
const FILL_PAGES = 5;

/** The fills of a limit order: the account's order records carrying its id, among the latest FILL_PAGES × 100. */
function useFills(id: string, version: number) {
  const client = useClient();
  const [fills, setFills] = useState<Fill[] | null>(null);
  const [partial, setPartial] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(() => {
    let stop = false;
    (async () => {
      const found: Fill[] = [];
      let after: string | null = null;
      for (let page = 0; page < FILL_PAGES; page++) {
        const d: { orders: { nodes: Fill[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } = await queryOnce(client, FILLS, {
          first: 100,
          after,
        });
        found.push(...d.orders.nodes.filter((o) => o.limitOrderId === id));
        if (!d.orders.pageInfo.hasNextPage) return { found, more: false };
        after = d.orders.pageInfo.endCursor;
      }
      return { found, more: true };
    })()
      .then((r) => {
        if (stop) return;
        setFills(r.found);
        setPartial(r.more);
      })
      .catch((err: ApiFailure) => !stop && setError(err));
    return () => {
      stop = true;
    };
  }, [client, id, version]);
  return { fills, partial, error };
}

export function LimitOrderDetailPage({ params }: { params: Record<string, string> }) {
  const id = params.id!;
  const [r] = useQuery<{ limitOrder: LimitOrder | null }>({ query: ONE, variables: { id } });
  const [o, setO] = useState<LimitOrder | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => setO(r.data?.limitOrder ?? null), [r.data]);
  useLive<{ limitOrder: LimitOrder }>(LIVE, { id }, { onData: (d) => d?.limitOrder && setO(d.limitOrder) });
  useRefetchOn(['limit_order.filled'], () => setVersion((v) => v + 1));
  const fills = useFills(id, version);
  if (!o)
    return (
      <DetailFallback title="Limit order" loading={r.fetching} error={r.error ? toFailure(r.error) : null}>
        No limit order <Mono value={id} /> in this account and mode. <Link href="/limit-orders">All limit orders</Link>
      </DetailFallback>
    );
  const input = (base: string) => <TokenAmount base={base} chainId={o.chainId} token={o.inputMint} />;
  const output = (base: string) => <TokenAmount base={base} chainId={o.chainId} token={o.outputMint} />;
  return (
    <>
      <PageHeader title={`Limit order ${o.id}`} />
      <p>
        <Link href="/limit-orders">← All limit orders</Link>
      </p>
      <Panel title="Status">
        <p aria-live="polite">
          <StatusBadge status={o.status} />{' '}
          <span class="muted">
            updated <When at={o.updatedAt} />
          </span>
        </p>
        <DetailList
          items={[
            ['Sell', input(o.makingAmount)],
            ['For at least', output(o.takingAmount)],
            ['Price', `${o.price.outputPerInput} output per input (${o.price.inputPerOutput} input per output)`],
            [
              'Filled',
              <>
                {input(o.filledMakingAmount)} → {output(o.filledTakingAmount)}
              </>,
            ],
            ['Remaining', input(o.remainingMakingAmount)],
            ['Maker', <AddressLink key="m" chainId={o.chainId} address={o.maker} />],
            ['Chain', <ChainName key="c" id={o.chainId} />],
            ['Opening transaction', <TxLink key="o" chainId={o.chainId} hash={o.openTxHash} />],
            ['Closing transaction', <TxLink key="x" chainId={o.chainId} hash={o.closeTxHash} />],
            [
              'Fees',
              `${o.fees.ourFeeBps / 100} %${o.fees.integratorFeeBps ? ` + ${o.fees.integratorFeeBps / 100} % (${o.fees.integrator ?? 'partner'})` : ''}`,
            ],
            ['Provider', `${o.provider} · ${o.providerOrderId}`],
            ['Expires', o.expiresAt ? <When key="e" at={o.expiresAt} /> : 'never'],
            ['Created', <When key="w" at={o.createdAt} />],
          ]}
        />
      </Panel>
      <Panel title="Fills">
        <ErrorNotice error={fills.error} />
        {fills.fills === null && !fills.error ? (
          <Loading label="Looking for fills…" />
        ) : (
          <Table<Fill>
            caption="Fills"
            rowKey={(f) => f.quoteId}
            rows={fills.fills ?? []}
            empty="No fills yet."
            columns={[
              {
                label: 'Fill',
                cell: (f) => (
                  <Link href={`/orders/${encodeURIComponent(f.quoteId)}`}>
                    <Mono value={f.quoteId} short />
                  </Link>
                ),
              },
              { label: 'Status', cell: (f) => <StatusBadge status={f.status} /> },
              { label: 'Sold', numeric: true, cell: (f) => input(f.amount) },
              { label: 'Bought', numeric: true, cell: (f) => output(f.dstAmount) },
              { label: 'Transaction', cell: (f) => <TxLink chainId={o.chainId} hash={f.srcTxHash} /> },
              { label: 'When', cell: (f) => <When at={f.submittedAt} /> },
            ]}
          />
        )}
        {fills.partial ? (
          <p class="hint">Fills are searched among the latest {FILL_PAGES * 100} orders; older fills are in the orders list and its CSV export.</p>
        ) : null}
      </Panel>
    </>
  );
}
