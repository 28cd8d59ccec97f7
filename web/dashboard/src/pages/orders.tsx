import { useEffect, useState } from 'preact/hooks';
import { useQuery } from '@urql/preact';
import { DetailList, ErrorNotice, Loading, Mono, MoreButton, PageHeader, Table, When, DetailFallback } from '../components/ui';
import { toFailure } from '../gql';
import { useLive, useRefetchOn } from '../live';
import { Link } from '../router';
import { Amount, ChainName, ExportCsv, Panel, StatusBadge, TokenAmount, TxLink, usePaged } from './payments/common';

/**
 * Orders: every order record of the account and mode (swaps reported with its keys, checkout payments, deposits,
 * limit-order fills), newest first, refreshed live when an `order.*` event is recorded; an order's page follows it
 * through the `order` subscription and, while it is open, the provider's own state through `orderStatus`.
 */

const ORDER_FIELDS = /* GraphQL */ `
  fragment DashboardOrder on Order {
    quoteId status provider providerState srcChainId dstChainId amount dstAmount srcTxHash dstTxHash
    submittedAt updatedAt checkoutSessionId depositAddressId limitOrderId ourFeeBps partnerFeeBps integrator
    checkoutSession { id settlement { chainId token symbol decimals } }
    depositAddress { id chainId token dstChainId dstToken label }
  }
`;

const ORDERS = /* GraphQL */ `
  query DashboardOrders($first: Int, $after: String, $status: OrderStatus) {
    orders(first: $first, after: $after, status: $status) {
      nodes { ...DashboardOrder }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${ORDER_FIELDS}
`;

export interface OrderRow {
  quoteId: string;
  status: string;
  provider: string;
  providerState: string | null;
  srcChainId: number;
  dstChainId: number;
  amount: string;
  dstAmount: string;
  srcTxHash: string;
  dstTxHash: string | null;
  submittedAt: string;
  updatedAt: string;
  checkoutSessionId: string | null;
  depositAddressId: string | null;
  limitOrderId: string | null;
  ourFeeBps: number;
  partnerFeeBps: number;
  integrator: string | null;
  checkoutSession: { id: string; settlement: { chainId: number; token: string; symbol: string; decimals: number } } | null;
  depositAddress: { id: string; chainId: number; token: string; dstChainId: number; dstToken: string; label: string | null } | null;
}

const STATUSES = ['submitted', 'filled', 'refunded', 'failed'] as const;

/** The source amount: in the deposit address's token when known; other orders carry no token, so base units. */
function SrcAmount({ o }: { o: OrderRow }) {
  if (o.depositAddress) return <TokenAmount base={o.amount} chainId={o.depositAddress.chainId} token={o.depositAddress.token} />;
  return <span class="amount">{o.amount} base units</span>;
}

/** The destination amount: the settlement token of a checkout payment, the deposit address's output token, else base units. */
function DstAmount({ o }: { o: OrderRow }) {
  const s = o.checkoutSession?.settlement;
  if (s) return <Amount base={o.dstAmount} decimals={s.decimals} symbol={s.symbol} />;
  if (o.depositAddress) return <TokenAmount base={o.dstAmount} chainId={o.depositAddress.dstChainId} token={o.depositAddress.dstToken} />;
  return <span class="amount">{o.dstAmount} base units</span>;
}

const kindOf = (o: OrderRow) => (o.checkoutSessionId ? 'Checkout payment' : o.depositAddressId ? 'Deposit' : o.limitOrderId ? 'Limit-order fill' : 'Swap');

export function OrdersPage() {
  const [status, setStatus] = useState('');
  const list = usePaged<OrderRow>(ORDERS, 'orders', { status: status || null });
  useRefetchOn(['order.*', 'limit_order.filled'], list.reload);
  return (
    <>
      <PageHeader title="Orders" />
      <p class="muted">Swaps, checkout payments, deposits and limit-order fills. The list updates as orders change.</p>
      <div class="form-row toolbar">
        <div class="field">
          <label for="orders-status">Status</label>
          <select id="orders-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ExportCsv kind="orders" label="orders" />
      <ErrorNotice error={list.error} />
      {list.loading && !list.items.length ? (
        <Loading />
      ) : (
        <Table<OrderRow>
          caption="Orders"
          rowKey={(o) => o.quoteId}
          rows={list.items}
          empty="No orders yet in this mode."
          columns={[
            {
              label: 'Order',
              cell: (o) => (
                <Link href={`/orders/${encodeURIComponent(o.quoteId)}`}>
                  <Mono value={o.quoteId} short />
                </Link>
              ),
            },
            { label: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
            { label: 'Kind', cell: kindOf },
            {
              label: 'Route',
              cell: (o) => (
                <>
                  <ChainName id={o.srcChainId} /> → <ChainName id={o.dstChainId} />
                </>
              ),
            },
            { label: 'Amount in', numeric: true, cell: (o) => <SrcAmount o={o} /> },
            { label: 'Amount out', numeric: true, cell: (o) => <DstAmount o={o} /> },
            { label: 'Source tx', cell: (o) => <TxLink chainId={o.srcChainId} hash={o.srcTxHash} /> },
            { label: 'Submitted', cell: (o) => <When at={o.submittedAt} /> },
          ]}
        />
      )}
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} />
    </>
  );
}

const ORDER = /* GraphQL */ `
  query DashboardOrder($quoteId: ID!) {
    order(quoteId: $quoteId) { ...DashboardOrder }
  }
  ${ORDER_FIELDS}
`;
const ORDER_LIVE = /* GraphQL */ `
  subscription DashboardOrderLive($quoteId: ID!) {
    order(quoteId: $quoteId) { ...DashboardOrder }
  }
  ${ORDER_FIELDS}
`;
const PROVIDER_STATUS_LIVE = /* GraphQL */ `
  subscription DashboardProviderStatus($provider: String!, $id: String!) {
    orderStatus(provider: $provider, id: $id) { state srcTxHash dstTxHash }
  }
`;

// Orders whose provider state is not asked by hash: the sandbox's ids are its own, `direct` is the transfer itself.
const NO_PROVIDER_STATUS = new Set(['sandbox', 'direct']);

export function OrderDetailPage({ params }: { params: Record<string, string> }) {
  const quoteId = params.id!;
  const [r] = useQuery<{ order: OrderRow | null }>({ query: ORDER, variables: { quoteId } });
  const [order, setOrder] = useState<OrderRow | null>(null);
  useEffect(() => setOrder(r.data?.order ?? null), [r.data]);
  // The record now and on every change, until it is final.
  useLive<{ order: OrderRow }>(ORDER_LIVE, { quoteId }, { onData: (d) => d?.order && setOrder(d.order) });
  const followProvider = !!order && order.status === 'submitted' && !NO_PROVIDER_STATUS.has(order.provider);
  const provider = useLive<{ orderStatus: { state: string; srcTxHash: string | null; dstTxHash: string | null } }>(
    PROVIDER_STATUS_LIVE,
    { provider: order?.provider ?? '', id: order?.srcTxHash ?? '' },
    { pause: !followProvider },
  );
  if (!order)
    return (
      <DetailFallback title="Order" loading={r.fetching} error={r.error ? toFailure(r.error) : null}>
        No order is recorded for <Mono value={quoteId} />. <Link href="/orders">All orders</Link>
      </DetailFallback>
    );
  return (
    <>
      <PageHeader title={`Order ${order.quoteId}`} />
      <p>
        <Link href="/orders">← All orders</Link>
      </p>
      <Panel title="Status">
        <p aria-live="polite">
          <span data-testid="order-status">
            <StatusBadge status={order.status} />
          </span>{' '}
          <span class="muted">
            updated <When at={order.updatedAt} />
          </span>
        </p>
        {followProvider ? (
          <p class="muted small">
            Provider state: {provider.data?.orderStatus.state ?? (provider.error ? `unavailable (${toFailure(provider.error).code})` : 'asking…')}
          </p>
        ) : null}
      </Panel>
      <Panel title="Details">
        <DetailList
          items={[
            ['Kind', kindOf(order)],
            ['Provider', order.provider],
            ['Provider state', order.providerState],
            ['From', <ChainName key="s" id={order.srcChainId} />],
            ['To', <ChainName key="d" id={order.dstChainId} />],
            ['Amount in', <SrcAmount key="a" o={order} />],
            ['Amount out', <DstAmount key="b" o={order} />],
            ['Source transaction', <TxLink key="t" chainId={order.srcChainId} hash={order.srcTxHash} />],
            ['Delivery transaction', <TxLink key="u" chainId={order.dstChainId} hash={order.dstTxHash} />],
            ['Our fee', `${order.ourFeeBps / 100} %`],
            ['Partner fee', order.partnerFeeBps ? `${order.partnerFeeBps / 100} % (${order.integrator ?? 'partner'})` : null],
            [
              'Checkout session',
              order.checkoutSessionId ? (
                <Link href={`/checkout-sessions/${encodeURIComponent(order.checkoutSessionId)}`}>
                  <Mono value={order.checkoutSessionId} short />
                </Link>
              ) : null,
            ],
            [
              'Deposit address',
              order.depositAddressId ? (
                <Link href={`/deposit-addresses/${encodeURIComponent(order.depositAddressId)}`}>
                  <Mono value={order.depositAddressId} short />
                </Link>
              ) : null,
            ],
            [
              'Limit order',
              order.limitOrderId ? (
                <Link href={`/limit-orders/${encodeURIComponent(order.limitOrderId)}`}>
                  <Mono value={order.limitOrderId} short />
                </Link>
              ) : null,
            ],
            ['Submitted', <When key="w" at={order.submittedAt} />],
          ]}
        />
      </Panel>
    </>
  );
}
