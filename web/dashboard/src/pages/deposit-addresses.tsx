import { useEffect, useState } from 'preact/hooks';
import { useClient, useQuery } from '@urql/preact';
import { DetailList, ErrorNotice, Field, Loading, Mono, MoreButton, PageHeader, Table, When, DetailFallback } from '../components/ui';
import { ApiFailure, mutate, toFailure } from '../gql';
import { useLive, useRefetchOn } from '../live';
import { Link, navigate } from '../router';
import { parseUnits } from './payments/amounts';
import {
  AddressLink,
  ChainName,
  ExportCsv,
  newIdempotencyKey,
  Panel,
  resolveToken,
  StatusBadge,
  TokenAmount,
  TxLink,
  useAction,
  useCanWrite,
  useChains,
  useIsTest,
  usePaged,
} from './payments/common';

/**
 * Deposit addresses: the list (live on `order.*` events, which deposits emit), a creation form, and an address's
 * page following it through the `depositAddress` subscription: its deposits with their orders, disable, and in
 * test mode a simulated deposit.
 */

interface AddressRow {
  id: string;
  address: string;
  status: string;
  label: string | null;
  chainId: number;
  token: string;
  dstChainId: number;
  dstToken: string;
  reusable: boolean;
  amount: string | null;
  depositCount: number;
  lastDepositAt: string | null;
  createdAt: string;
}

const ROW = 'id address status label chainId token dstChainId dstToken reusable amount depositCount lastDepositAt createdAt';
const ADDRESSES = /* GraphQL */ `
  query DashboardDepositAddresses($first: Int, $after: String, $status: DepositAddressStatus, $label: String) {
    depositAddresses(first: $first, after: $after, status: $status, label: $label) { nodes { ${ROW} } pageInfo { hasNextPage endCursor } }
  }
`;

export function DepositAddressesPage() {
  const [status, setStatus] = useState('');
  const [label, setLabel] = useState('');
  const canWrite = useCanWrite();
  const list = usePaged<AddressRow>(ADDRESSES, 'depositAddresses', { status: status || null, label: label.trim() || null });
  useRefetchOn(['order.*'], list.reload);
  return (
    <>
      <PageHeader title="Deposit addresses">
        {canWrite ? (
          <Link class="button" href="/deposit-addresses/new">
            New deposit address
          </Link>
        ) : null}
      </PageHeader>
      <div class="form-row toolbar">
        <div class="field">
          <label for="da-status">Status</label>
          <select id="da-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
            <option value="">All</option>
            <option value="active">active</option>
            <option value="disabled">disabled</option>
          </select>
        </div>
        <div class="field">
          <label for="da-label">Label</label>
          <input id="da-label" value={label} onChange={(e) => setLabel((e.target as HTMLInputElement).value)} />
        </div>
      </div>
      <ExportCsv kind="deposits" label="deposits" />
      <ErrorNotice error={list.error} />
      {list.loading && !list.items.length ? (
        <Loading />
      ) : (
        <Table<AddressRow>
          caption="Deposit addresses"
          rowKey={(a) => a.id}
          rows={list.items}
          empty="No deposit addresses yet in this mode."
          columns={[
            {
              label: 'Address',
              cell: (a) => (
                <Link href={`/deposit-addresses/${encodeURIComponent(a.id)}`}>
                  <Mono value={a.address} short />
                </Link>
              ),
            },
            { label: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
            { label: 'Label', cell: (a) => a.label ?? <span class="muted">—</span> },
            {
              label: 'Route',
              cell: (a) => (
                <>
                  <ChainName id={a.chainId} /> → <ChainName id={a.dstChainId} />
                </>
              ),
            },
            { label: 'Deposits', numeric: true, cell: (a) => a.depositCount },
            { label: 'Last deposit', cell: (a) => <When at={a.lastDepositAt} /> },
          ]}
        />
      )}
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} />
    </>
  );
}

interface Deposit {
  quoteId: string;
  status: string;
  amount: string;
  dstAmount: string;
  srcTxHash: string;
  dstTxHash: string | null;
  detectedAt: string;
}

interface Addr extends AddressRow {
  provider: string;
  recipient: string;
  refundTo: string;
  disabledAt: string | null;
  fees: { ourFeeBps: number; integratorFeeBps: number; integrator: string | null };
  estimate: { amount: string; dstAmount: string; estimatedSeconds: number };
  deposits: { nodes: Deposit[]; totalCount: number };
}

const FIELDS = /* GraphQL */ `
  fragment DashboardDepositAddress on DepositAddress {
    ${ROW} provider recipient refundTo disabledAt
    fees { ourFeeBps integratorFeeBps integrator }
    estimate { amount dstAmount estimatedSeconds }
    deposits(first: 20) { totalCount nodes { quoteId status amount dstAmount srcTxHash dstTxHash detectedAt } }
  }
`;
const ADDRESS = `query DashboardDepositAddress($id: ID!) { depositAddress(id: $id) { ...DashboardDepositAddress } } ${FIELDS}`;
const ADDRESS_LIVE = `subscription DashboardDepositAddressLive($id: ID!) { depositAddress(id: $id) { ...DashboardDepositAddress } } ${FIELDS}`;
const ERR = '... on Error { code message }';
const CREATE = `mutation DashboardCreateDepositAddress($input: CreateDepositAddressInput!) { createDepositAddress(input: $input) { __typename ${ERR} ... on CreateDepositAddressPayload { depositAddress { id } } } }`;
const DISABLE = `mutation DashboardDisableDepositAddress($input: DisableDepositAddressInput!) { disableDepositAddress(input: $input) { __typename ${ERR} ... on DisableDepositAddressPayload { depositAddress { ...DashboardDepositAddress } } } } ${FIELDS}`;
const SIMULATE = `mutation DashboardSimulateDeposit($input: SimulateDepositInput!) { simulateDeposit(input: $input) { __typename ${ERR} ... on SimulateDepositPayload { order { quoteId status } } } }`;
const REFRESH = `mutation DashboardRefreshDepositAddress($input: RefreshDepositAddressInput!) { refreshDepositAddress(input: $input) { __typename ${ERR} ... on RefreshDepositAddressPayload { depositAddress { ...DashboardDepositAddress } } } } ${FIELDS}`;

export function DepositAddressDetailPage({ params }: { params: Record<string, string> }) {
  const id = params.id!;
  const client = useClient();
  const canWrite = useCanWrite();
  const test = useIsTest();
  const act = useAction();
  const [r, reexecute] = useQuery<{ depositAddress: Addr | null }>({ query: ADDRESS, variables: { id } });
  const [a, setA] = useState<Addr | null>(null);
  const [simAmount, setSimAmount] = useState('');
  useEffect(() => setA(r.data?.depositAddress ?? null), [r.data]);
  useLive<{ depositAddress: Addr }>(ADDRESS_LIVE, { id }, { onData: (d) => d?.depositAddress && setA(d.depositAddress) });
  // Deposits' orders move after the address's last push: the order events refresh the list of deposits.
  useRefetchOn(['order.*'], () => reexecute({ requestPolicy: 'network-only' }));
  if (!a)
    return (
      <DetailFallback title="Deposit address" loading={r.fetching} error={r.error ? toFailure(r.error) : null}>
        No deposit address <Mono value={id} /> in this account and mode. <Link href="/deposit-addresses">All deposit addresses</Link>
      </DetailFallback>
    );
  const src = (base: string | null) => <TokenAmount base={base} chainId={a.chainId} token={a.token} />;
  const dst = (base: string | null) => <TokenAmount base={base} chainId={a.dstChainId} token={a.dstToken} />;
  return (
    <>
      <PageHeader title={a.label ? `Deposit address ${a.label}` : 'Deposit address'} />
      <p>
        <Link href="/deposit-addresses">← All deposit addresses</Link>
      </p>
      <Panel title="Address">
        <p>
          <Mono value={a.address} /> <StatusBadge status={a.status} />
        </p>
        <DetailList
          items={[
            [
              'Send',
              <>
                <TokenAmount key="t" base={a.amount ?? undefined} chainId={a.chainId} token={a.token} />{' '}
                {a.reusable ? 'any amount, any number of times' : 'exactly this amount, once'}
              </>,
            ],
            [
              'Source',
              <>
                <ChainName id={a.chainId} /> · <Mono value={a.token} short />
              </>,
            ],
            [
              'Destination',
              <>
                <ChainName id={a.dstChainId} /> · <Mono value={a.dstToken} short />
              </>,
            ],
            ['Recipient', <AddressLink key="r" chainId={a.dstChainId} address={a.recipient} />],
            ['Refunds to', <AddressLink key="f" chainId={a.chainId} address={a.refundTo} />],
            [
              'Estimate',
              <>
                {src(a.estimate.amount)} → {dst(a.estimate.dstAmount)} in about {a.estimate.estimatedSeconds} s
              </>,
            ],
            [
              'Fees',
              `${a.fees.ourFeeBps / 100} %${a.fees.integratorFeeBps ? ` + ${a.fees.integratorFeeBps / 100} % (${a.fees.integrator ?? 'partner'})` : ''}`,
            ],
            ['Provider', a.provider],
            ['Created', <When key="c" at={a.createdAt} />],
            ['Disabled', a.disabledAt ? <When key="d" at={a.disabledAt} /> : null],
          ]}
        />
        {canWrite && a.status === 'active' ? (
          <div class="actions">
            {!test ? (
              <button
                type="button"
                class="secondary"
                disabled={act.busy}
                onClick={() =>
                  void act.run(async () =>
                    setA((await mutate<{ depositAddress: Addr }>(client, REFRESH, 'refreshDepositAddress', { id: a.id })).depositAddress),
                  )
                }
              >
                Check for deposits now
              </button>
            ) : null}
            <button
              type="button"
              class="danger"
              disabled={act.busy}
              onClick={() =>
                void act.run(async () => {
                  if (!confirm('Disable this address? Deposits sent to it afterwards are not tracked.')) return;
                  setA(
                    (await mutate<{ depositAddress: Addr }>(client, DISABLE, 'disableDepositAddress', { id: a.id, idempotencyKey: newIdempotencyKey() }))
                      .depositAddress,
                  );
                })
              }
            >
              Disable address
            </button>
          </div>
        ) : null}
        {canWrite && test && a.status === 'active' ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void act.run(async () => {
                let base: string;
                if (!simAmount.trim() && a.amount) base = a.amount;
                else {
                  const info = await resolveToken(client, String(a.chainId), a.token);
                  const parsed = parseUnits(simAmount, info.decimals);
                  if (!parsed.ok) throw new ApiFailure('INVALID_PARAMS', `amount: ${parsed.message}`);
                  base = parsed.base;
                }
                await mutate(client, SIMULATE, 'simulateDeposit', { id: a.id, amount: base, idempotencyKey: newIdempotencyKey() });
                setSimAmount('');
              });
            }}
          >
            <fieldset>
              <legend>Simulate a deposit (test mode)</legend>
              <div class="form-row">
                <Field
                  label="Amount"
                  hint={
                    a.amount
                      ? 'Empty: exactly the address amount. Ending in 4001 (base units): refunded; 4002: failed.'
                      : 'In whole tokens. Base units ending in 4001: refunded; 4002: failed.'
                  }
                >
                  {(fid, hint) => (
                    <input
                      id={fid}
                      inputMode="decimal"
                      aria-describedby={hint}
                      value={simAmount}
                      onInput={(e) => setSimAmount((e.target as HTMLInputElement).value)}
                    />
                  )}
                </Field>
                <button type="submit" disabled={act.busy}>
                  Simulate deposit
                </button>
              </div>
            </fieldset>
          </form>
        ) : null}
        <ErrorNotice error={act.error} />
      </Panel>
      <Panel title={`Deposits (${a.deposits.totalCount})`}>
        {a.deposits.totalCount > a.deposits.nodes.length ? (
          <p class="hint">The latest {a.deposits.nodes.length} are shown; every deposit is in the orders list and the deposits CSV export.</p>
        ) : null}
        <Table<Deposit>
          caption="Deposits"
          rowKey={(d) => d.quoteId}
          rows={a.deposits.nodes}
          empty="No deposits yet."
          columns={[
            {
              label: 'Order',
              cell: (d) => (
                <Link href={`/orders/${encodeURIComponent(d.quoteId)}`}>
                  <Mono value={d.quoteId} short />
                </Link>
              ),
            },
            { label: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
            { label: 'Received', numeric: true, cell: (d) => src(d.amount) },
            { label: 'Delivered', numeric: true, cell: (d) => dst(d.dstAmount) },
            { label: 'Deposit tx', cell: (d) => <TxLink chainId={a.chainId} hash={d.srcTxHash} /> },
            { label: 'Delivery tx', cell: (d) => <TxLink chainId={a.dstChainId} hash={d.dstTxHash} /> },
            { label: 'Seen', cell: (d) => <When at={d.detectedAt} /> },
          ]}
        />
      </Panel>
    </>
  );
}

export function NewDepositAddressPage() {
  const client = useClient();
  const chains = useChains();
  const act = useAction();
  const [key] = useState(newIdempotencyKey);
  const [f, setF] = useState({
    srcChain: 'base',
    srcToken: 'USDC',
    dstChain: 'arbitrum',
    dstToken: 'USDC',
    recipient: '',
    refundTo: '',
    reusable: true,
    amount: '',
    label: '',
  });
  const text = (k: keyof typeof f) => (e: Event) => setF({ ...f, [k]: (e.target as HTMLInputElement).value });
  const chainList = [...chains.values()].sort((x, y) => x.name.localeCompare(y.name));
  const chainSelect = (k: 'srcChain' | 'dstChain') => (id: string) => (
    <select id={id} value={f[k]} onChange={text(k)}>
      {chainList.length ? null : <option value={f[k]}>{f[k]}</option>}
      {chainList.map((c) => (
        <option key={c.id} value={c.slug}>
          {c.name}
        </option>
      ))}
    </select>
  );
  return (
    <>
      <PageHeader title="New deposit address" />
      <p>
        <Link href="/deposit-addresses">← All deposit addresses</Link>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            let amount: string | undefined;
            if (f.amount.trim() || !f.reusable) {
              const info = await resolveToken(client, f.srcChain, f.srcToken);
              const parsed = parseUnits(f.amount, info.decimals);
              if (!parsed.ok) throw new ApiFailure('INVALID_PARAMS', `amount: ${parsed.message}`);
              amount = parsed.base;
            }
            const input = {
              idempotencyKey: key,
              srcChain: f.srcChain,
              srcToken: f.srcToken.trim(),
              dstChain: f.dstChain,
              dstToken: f.dstToken.trim(),
              recipient: f.recipient.trim(),
              refundTo: f.refundTo.trim(),
              reusable: f.reusable,
              ...(amount ? { amount } : {}),
              ...(f.label.trim() ? { label: f.label.trim() } : {}),
            };
            const p = await mutate<{ depositAddress: { id: string } }>(client, CREATE, 'createDepositAddress', input);
            navigate(`/deposit-addresses/${encodeURIComponent(p.depositAddress.id)}`);
          });
        }}
      >
        <fieldset>
          <legend>Send</legend>
          <div class="form-row">
            <Field label="Source chain">{chainSelect('srcChain')}</Field>
            <Field label="Source token" hint="Symbol or address.">
              {(id, hint) => <input id={id} required aria-describedby={hint} value={f.srcToken} onInput={text('srcToken')} />}
            </Field>
            <Field label="Refund address" hint="The sender's own wallet on the source chain.">
              {(id, hint) => <input id={id} required aria-describedby={hint} value={f.refundTo} onInput={text('refundTo')} />}
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>Receive</legend>
          <div class="form-row">
            <Field label="Destination chain">{chainSelect('dstChain')}</Field>
            <Field label="Destination token" hint="Symbol or address.">
              {(id, hint) => <input id={id} required aria-describedby={hint} value={f.dstToken} onInput={text('dstToken')} />}
            </Field>
            <Field label="Recipient">{(id) => <input id={id} required value={f.recipient} onInput={text('recipient')} />}</Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>Options</legend>
          <div class="form-row">
            <div class="field checkbox">
              <label>
                <input type="checkbox" checked={f.reusable} onChange={(e) => setF({ ...f, reusable: (e.target as HTMLInputElement).checked })} /> Reusable (any
                amount, any number of deposits)
              </label>
            </div>
            <Field label="Amount (source token)" hint={f.reusable ? 'Optional: sizes the estimate.' : 'Required: the exact amount the address takes once.'}>
              {(id, hint) => <input id={id} inputMode="decimal" aria-describedby={hint} value={f.amount} onInput={text('amount')} />}
            </Field>
            <Field label="Label">{(id) => <input id={id} maxLength={64} value={f.label} onInput={text('label')} />}</Field>
          </div>
        </fieldset>
        <ErrorNotice error={act.error} />
        <button type="submit" disabled={act.busy}>
          Create deposit address
        </button>
      </form>
    </>
  );
}
