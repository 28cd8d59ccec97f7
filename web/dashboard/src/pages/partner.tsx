import { useClient, useQuery } from '@urql/preact';
import { useEffect, useState } from 'preact/hooks';
import { type Column, DetailList, ErrorNotice, Field, Loading, Mono, Notice, PageHeader, Table, When } from '../components/ui';
import { type ApiFailure, mutate, toFailure } from '../gql';
import { canWrite, useSession } from '../session';
import { displayUnits } from './payments/amounts';

/**
 * Partner profile: for an account that is an integration partner, its fee settings (within the bounds the
 * operator set), the API keys linked to it, and the volume and fees earned in the current mode over the last 30
 * days, per source chain and token. Accounts without one see how to become one.
 */
interface EarningsLine {
  chain: string;
  token: string | null;
  symbol: string | null;
  decimals: number | null;
  orders: number;
  volume: string;
  fees: string;
}
interface Profile {
  id: string;
  label: string;
  kind: 'label' | 'fee';
  feeBps: number;
  maxFeeBps: number;
  feeRecipientEvm: string | null;
  feeRecipientSvm: string | null;
  active: boolean;
  apiKeyIds: string[];
  mode: 'test' | 'live';
  earnings: { startAt: string; endAt: string; lines: EarningsLine[] };
}
const FIELDS =
  'id label kind feeBps maxFeeBps feeRecipientEvm feeRecipientSvm active apiKeyIds mode earnings { startAt endAt lines { chain token symbol decimals orders volume fees } }';

const PROFILE = /* GraphQL */ `
  query DashboardPartnerProfile { partnerProfile { ${FIELDS} } }
`;
const UPDATE = /* GraphQL */ `
  mutation DashboardUpdatePartnerProfile($input: UpdatePartnerProfileInput!) {
    updatePartnerProfile(input: $input) { __typename ... on Error { code message } ... on UpdatePartnerProfilePayload { partnerProfile { ${FIELDS} } } }
  }
`;

/** Base units in whole tokens when the decimals are known; else the base units, said so. */
const amount = (base: string, l: EarningsLine) =>
  l.decimals == null ? `${base} (base units)` : `${displayUnits(base, l.decimals)}${l.symbol ? ` ${l.symbol}` : ''}`;

const EARNINGS_COLUMNS: Column<EarningsLine>[] = [
  { label: 'Chain', cell: (l) => l.chain },
  {
    label: 'Token',
    cell: (l) =>
      l.token ? (
        <span>
          {l.symbol ?? 'Unknown token'} <Mono value={l.token} short />
        </span>
      ) : (
        <span class="muted">Not recorded</span>
      ),
  },
  { label: 'Orders', cell: (l) => l.orders, numeric: true },
  { label: 'Volume', cell: (l) => amount(l.volume, l), numeric: true },
  { label: 'Fees earned', cell: (l) => amount(l.fees, l), numeric: true },
];

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

export function PartnerPage() {
  const { login } = useSession();
  const [{ data, error, fetching }, refetch] = useQuery<{ partnerProfile: Profile | null }>({ query: PROFILE });
  const p = data?.partnerProfile;
  return (
    <>
      <PageHeader title="Partner profile" />
      <ErrorNotice error={error ? toFailure(error) : null} />
      {fetching && !data ? <Loading /> : null}
      {data && !p ? (
        <Notice>
          This account is not an integration partner. Partners earn a fee on the swaps their users make; the operator sets a partner up and its fee bounds.
        </Notice>
      ) : null}
      {p ? (
        <>
          <section class="panel" aria-labelledby="partner-title">
            <h2 id="partner-title">{p.label}</h2>
            <DetailList
              items={[
                ['Partner id', <Mono value={p.id} />],
                ['Status', p.active ? <span class="badge ok">Active</span> : <span class="badge bad">Inactive</span>],
                ['Kind', p.kind === 'fee' ? 'Takes a fee' : 'Attribution only (no fee)'],
                ['Fee', `${percent(p.feeBps)} (${p.feeBps} bps; the operator allows up to ${percent(p.maxFeeBps)})`],
                ['Fee recipient (EVM)', p.feeRecipientEvm ? <Mono value={p.feeRecipientEvm} /> : null],
                ['Fee recipient (Solana)', p.feeRecipientSvm ? <Mono value={p.feeRecipientSvm} /> : null],
                ['Linked keys', p.apiKeyIds.length ? p.apiKeyIds.map((k) => <Mono key={k} value={k} />) : 'None: quotes name the partner with its id'],
              ]}
            />
          </section>
          <section class="panel" aria-labelledby="earned-title">
            <h2 id="earned-title">Volume and fees earned</h2>
            <p class="muted">
              Filled orders attributed to the partner in {p.mode} mode, from <When at={p.earnings.startAt} /> to <When at={p.earnings.endAt} />.
            </p>
            <Table
              caption="Volume and fees earned per chain and token"
              columns={EARNINGS_COLUMNS}
              rows={p.earnings.lines}
              rowKey={(l) => `${l.chain}:${l.token ?? ''}`}
              empty="No filled orders in this period."
            />
          </section>
          {p.kind === 'fee' && canWrite(login.role, 'partner') ? <FeeForm profile={p} onSaved={() => refetch({ requestPolicy: 'network-only' })} /> : null}
        </>
      ) : null}
    </>
  );
}

function FeeForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const client = useClient();
  const [v, setV] = useState({ feeBps: String(profile.feeBps), evm: profile.feeRecipientEvm ?? '', svm: profile.feeRecipientSvm ?? '' });
  useEffect(() => setV({ feeBps: String(profile.feeBps), evm: profile.feeRecipientEvm ?? '', svm: profile.feeRecipientSvm ?? '' }), [profile]);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [saved, setSaved] = useState(false);
  return (
    <section class="panel" aria-labelledby="fee-title">
      <h2 id="fee-title">Fee settings</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setFailure(null);
          setSaved(false);
          try {
            await mutate(client, UPDATE, 'updatePartnerProfile', {
              feeBps: Number(v.feeBps),
              feeRecipientEvm: v.evm.trim() || null,
              feeRecipientSvm: v.svm.trim() || null,
            });
            setSaved(true);
            onSaved();
          } catch (err) {
            setFailure(err as ApiFailure);
          }
        }}
      >
        <div class="form-row">
          <Field label="Fee (basis points)" hint={`0 to ${profile.maxFeeBps} (100 = 1%).`}>
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                type="number"
                min={0}
                max={profile.maxFeeBps}
                step={1}
                required
                value={v.feeBps}
                onInput={(e) => setV({ ...v, feeBps: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label="Fee recipient (EVM)" hint="A 0x address; empty clears it.">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                spellcheck={false}
                autocomplete="off"
                value={v.evm}
                onInput={(e) => setV({ ...v, evm: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label="Fee recipient (Solana)" hint="A base58 address; empty clears it.">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                spellcheck={false}
                autocomplete="off"
                value={v.svm}
                onInput={(e) => setV({ ...v, svm: e.currentTarget.value })}
              />
            )}
          </Field>
        </div>
        <ErrorNotice error={failure} />
        {saved ? <Notice kind="success">Saved.</Notice> : null}
        <div class="actions">
          <button type="submit">Save</button>
        </div>
      </form>
    </section>
  );
}
