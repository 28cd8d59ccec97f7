import { useClient, useQuery } from '@urql/preact';
import { useState } from 'preact/hooks';
import {
  DetailFallback,
  DetailList,
  ErrorNotice,
  Field,
  Loading,
  MoreButton,
  Mono,
  Notice,
  PageHeader,
  Table,
  When,
  PageChain,
} from '../../../dashboard/src/components/ui';
import { mutate, toFailure } from '../../../dashboard/src/gql';
import { useAction } from '../action';
import { withFragments } from '../gql';
import { Link, navigate } from '../router';
import { auditLogHref } from './audit-log';

/**
 * Integration partners: the list, a new partner, and one partner's page (edit its fee settings, bound, account and
 * recipients; deactivate or reactivate; link and unlink its API keys). Every write is audited by the server.
 */
interface Partner {
  id: string;
  label: string;
  kind: 'fee' | 'label';
  active: boolean;
  feeBps: number;
  maxFeeBps: number;
  feeRecipientEvm: string | null;
  feeRecipientSvm: string | null;
  accountId: string | null;
  apiKeyIds: string[];
  createdAt: string;
  updatedAt: string;
}

const PARTNER = /* GraphQL */ `
  fragment AdminPartnerFields on AdminPartner {
    id label kind active feeBps maxFeeBps feeRecipientEvm feeRecipientSvm accountId apiKeyIds createdAt updatedAt
  }
`;
const LIST = withFragments(
  /* GraphQL */ `
  query AdminPartners($first: Int, $after: String) {
    adminPartners(first: $first, after: $after) {
      totalCount
      nodes { ...AdminPartnerFields }
      pageInfo { hasNextPage endCursor }
    }
  }
`,
  PARTNER,
);
const ONE = withFragments(
  /* GraphQL */ `
  query AdminPartner($id: ID!) { adminPartner(id: $id) { ...AdminPartnerFields } }
`,
  PARTNER,
);
const CREATE = withFragments(
  /* GraphQL */ `
  mutation AdminCreatePartner($input: AdminCreatePartnerInput!) {
    adminCreatePartner(input: $input) { __typename ... on Error { code message } ... on AdminCreatePartnerPayload { partner { ...AdminPartnerFields } } }
  }
`,
  PARTNER,
);
const UPDATE = withFragments(
  /* GraphQL */ `
  mutation AdminUpdatePartner($input: AdminUpdatePartnerInput!) {
    adminUpdatePartner(input: $input) { __typename ... on Error { code message } ... on AdminUpdatePartnerPayload { partner { ...AdminPartnerFields } } }
  }
`,
  PARTNER,
);
const DEACTIVATE = withFragments(
  /* GraphQL */ `
  mutation AdminDeactivatePartner($input: AdminDeactivatePartnerInput!) {
    adminDeactivatePartner(input: $input) { __typename ... on Error { code message } ... on AdminDeactivatePartnerPayload { partner { ...AdminPartnerFields } } }
  }
`,
  PARTNER,
);
const LINK_KEY = withFragments(
  /* GraphQL */ `
  mutation AdminLinkPartnerKey($input: AdminLinkPartnerKeyInput!) {
    adminLinkPartnerKey(input: $input) { __typename ... on Error { code message } ... on AdminLinkPartnerKeyPayload { partner { ...AdminPartnerFields } } }
  }
`,
  PARTNER,
);
const UNLINK_KEY = withFragments(
  /* GraphQL */ `
  mutation AdminUnlinkPartnerKey($input: AdminUnlinkPartnerKeyInput!) {
    adminUnlinkPartnerKey(input: $input) { __typename ... on Error { code message } ... on AdminUnlinkPartnerKeyPayload { partner { ...AdminPartnerFields } } }
  }
`,
  PARTNER,
);

type PartnerList = { adminPartners: { totalCount: number; nodes: Partner[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

const fee = (p: Pick<Partner, 'kind' | 'feeBps' | 'maxFeeBps'>) => (p.kind === 'fee' ? `${p.feeBps} bps (up to ${p.maxFeeBps})` : 'No fee');
const status = (active: boolean) => (active ? <span class="badge ok">Active</span> : <span class="badge bad">Inactive</span>);

export function PartnersPage() {
  return (
    <>
      <PageHeader title="Partners">
        <Link href="/new-partner" class="button">
          New partner
        </Link>
      </PageHeader>
      <PageChain page={(p) => <PartnerPage {...p} />} />
    </>
  );
}

function PartnerPage({ after, onMore, last }: { after: string | undefined; onMore: (cursor: string) => void; last: boolean }) {
  const [{ data, error, fetching }] = useQuery<PartnerList>({ query: LIST, variables: { first: 50, after } });
  if (error) return <ErrorNotice error={toFailure(error)} />;
  if (!data) return fetching ? <Loading /> : null;
  const { nodes, pageInfo, totalCount } = data.adminPartners;
  return (
    <>
      {after ? null : <p class="muted">{totalCount === 1 ? '1 partner.' : `${totalCount} partners.`}</p>}
      <Table
        caption={after ? 'More partners' : 'Partners, by id'}
        rows={nodes}
        rowKey={(p) => p.id}
        empty={after ? 'No more partners.' : 'No partner yet. Create one to attribute quotes and take a partner fee.'}
        columns={[
          { label: 'Partner', cell: (p) => <Link href={`/partners/${encodeURIComponent(p.id)}`}>{p.label}</Link> },
          { label: 'Id', cell: (p) => <Mono value={p.id} /> },
          { label: 'Status', cell: (p) => status(p.active) },
          { label: 'Fee', cell: (p) => fee(p) },
          { label: 'Account', cell: (p) => (p.accountId ? <Link href={`/accounts/${encodeURIComponent(p.accountId)}`}>{p.accountId}</Link> : '') },
          { label: 'Keys', numeric: true, cell: (p) => p.apiKeyIds.length },
        ]}
      />
      {last ? <MoreButton hasMore={pageInfo.hasNextPage} loading={fetching} onMore={() => pageInfo.endCursor && onMore(pageInfo.endCursor)} /> : null}
    </>
  );
}

/** The form's values, as typed. */
interface PartnerForm {
  id: string;
  label: string;
  kind: 'fee' | 'label';
  feeBps: string;
  maxFeeBps: string;
  accountId: string;
  feeRecipientEvm: string;
  feeRecipientSvm: string;
}
const formOf = (p?: Partner): PartnerForm => ({
  id: p?.id ?? '',
  label: p?.label ?? '',
  kind: p?.kind ?? 'fee',
  feeBps: String(p?.feeBps ?? 0),
  maxFeeBps: String(p?.maxFeeBps ?? 0),
  accountId: p?.accountId ?? '',
  feeRecipientEvm: p?.feeRecipientEvm ?? '',
  feeRecipientSvm: p?.feeRecipientSvm ?? '',
});
/** The input of a create or an update: numbers as numbers, empty optional fields left out (they keep their value). */
const inputOf = (v: PartnerForm) => ({
  label: v.label.trim(),
  kind: v.kind,
  feeBps: Number(v.feeBps),
  maxFeeBps: Number(v.maxFeeBps),
  ...(v.accountId.trim() ? { accountId: v.accountId.trim() } : {}),
  ...(v.feeRecipientEvm.trim() ? { feeRecipientEvm: v.feeRecipientEvm.trim() } : {}),
  ...(v.feeRecipientSvm.trim() ? { feeRecipientSvm: v.feeRecipientSvm.trim() } : {}),
});

function PartnerFields({ v, set, creating }: { v: PartnerForm; set: (v: PartnerForm) => void; creating: boolean }) {
  const text = (k: keyof PartnerForm, label: string, hint?: string, required = false) => (
    <Field label={label} hint={hint}>
      {(id, hintId) => (
        <input
          id={id}
          aria-describedby={hintId}
          spellcheck={false}
          autocomplete="off"
          required={required}
          value={v[k]}
          onInput={(e) => set({ ...v, [k]: e.currentTarget.value })}
        />
      )}
    </Field>
  );
  const bps = (k: 'feeBps' | 'maxFeeBps', label: string, hint: string) => (
    <Field label={label} hint={hint}>
      {(id, hintId) => (
        <input
          id={id}
          aria-describedby={hintId}
          type="number"
          min={0}
          step={1}
          required
          disabled={v.kind === 'label'}
          value={v[k]}
          onInput={(e) => set({ ...v, [k]: e.currentTarget.value })}
        />
      )}
    </Field>
  );
  return (
    <div class="form-row">
      {creating ? text('id', 'Partner id', 'Lowercase letters, digits and dashes, up to 32: the integrator value of quotes. Never changes.', true) : null}
      {text('label', 'Label', undefined, true)}
      <Field label="Kind">
        {(id) => (
          <select id={id} value={v.kind} onChange={(e) => set({ ...v, kind: e.currentTarget.value as PartnerForm['kind'] })}>
            <option value="fee">Fee partner</option>
            <option value="label">Attribution only (no fee)</option>
          </select>
        )}
      </Field>
      {bps('feeBps', 'Fee (bps)', '100 bps = 1%; at most the bound.')}
      {bps('maxFeeBps', 'Fee bound (bps)', 'The partner’s own account may set its fee up to this.')}
      {text('accountId', 'Account id', creating ? 'Optional: the account it belongs to.' : 'Empty keeps the current one.')}
      {text('feeRecipientEvm', 'Fee recipient (EVM)', creating ? 'Optional 0x address.' : 'Empty keeps the current one.')}
      {text('feeRecipientSvm', 'Fee recipient (Solana)', creating ? 'Optional base58 address.' : 'Empty keeps the current one.')}
    </div>
  );
}

export function NewPartnerPage() {
  const client = useClient();
  const [v, setV] = useState(formOf());
  const action = useAction();
  return (
    <>
      <PageHeader title="New partner" />
      <p>
        <Link href="/partners">Back to the partners</Link>
      </p>
      <form
        class="panel"
        aria-label="New partner"
        onSubmit={async (e) => {
          e.preventDefault();
          const id = v.id.trim();
          const ok = await action.run('Created.', () =>
            mutate(client, CREATE, 'adminCreatePartner', { id, ...inputOf(v), idempotencyKey: crypto.randomUUID() }),
          );
          if (ok) navigate(`/partners/${encodeURIComponent(id)}`);
        }}
      >
        <PartnerFields v={v} set={setV} creating />
        <ErrorNotice error={action.error} />
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            Create partner
          </button>
        </div>
      </form>
    </>
  );
}

export function PartnerDetailPage({ params }: { params: Record<string, string> }) {
  const [{ data, error, fetching }, refetch] = useQuery<{ adminPartner: Partner | null }>({ query: ONE, variables: { id: params.id } });
  const p = data?.adminPartner;
  if (!p)
    return (
      <DetailFallback title="Partner" loading={fetching && !data} error={error ? toFailure(error) : null}>
        No partner <Mono value={params.id!} />. <Link href="/partners">Back to the partners</Link>
      </DetailFallback>
    );
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader title={p.label} />
      <p>
        <Link href="/partners">Back to the partners</Link> ·{' '}
        <Link href={auditLogHref({ targetType: 'partner', targetId: p.id })}>History in the audit log</Link>
      </p>
      <section class="panel" aria-label="Partner details">
        <DetailList
          items={[
            ['Partner id', <Mono value={p.id} />],
            ['Status', status(p.active)],
            ['Fee', fee(p)],
            ['Account', p.accountId ? <Link href={`/accounts/${encodeURIComponent(p.accountId)}`}>{p.accountId}</Link> : null],
            ['Fee recipient (EVM)', p.feeRecipientEvm ? <Mono value={p.feeRecipientEvm} /> : null],
            ['Fee recipient (Solana)', p.feeRecipientSvm ? <Mono value={p.feeRecipientSvm} /> : null],
            ['Created', <When at={p.createdAt} />],
            ['Updated', <When at={p.updatedAt} />],
          ]}
        />
        <ActiveToggle partner={p} onDone={reload} />
      </section>
      <EditPartner key={p.id} partner={p} onDone={reload} />
      <PartnerKeys partner={p} onDone={reload} />
    </>
  );
}

function ActiveToggle({ partner, onDone }: { partner: Partner; onDone: () => void }) {
  const client = useClient();
  const action = useAction();
  return (
    <>
      <ErrorNotice error={action.error} />
      <div class="actions">
        {partner.active ? (
          <button
            type="button"
            class="danger"
            disabled={action.busy}
            onClick={() =>
              action.run('Deactivated.', () => mutate(client, DEACTIVATE, 'adminDeactivatePartner', { id: partner.id })).then((ok) => ok && onDone())
            }
          >
            Deactivate
          </button>
        ) : (
          <button
            type="button"
            disabled={action.busy}
            onClick={() =>
              action.run('Reactivated.', () => mutate(client, UPDATE, 'adminUpdatePartner', { id: partner.id, active: true })).then((ok) => ok && onDone())
            }
          >
            Reactivate
          </button>
        )}
      </div>
      {partner.active ? <p class="hint">Once deactivated, quotes ignore the partner until it is reactivated.</p> : null}
    </>
  );
}

function EditPartner({ partner, onDone }: { partner: Partner; onDone: () => void }) {
  const client = useClient();
  const [v, setV] = useState(formOf(partner));
  const action = useAction();
  return (
    <section class="panel" aria-labelledby="edit-title">
      <h2 id="edit-title">Settings</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (await action.run('Saved.', () => mutate(client, UPDATE, 'adminUpdatePartner', { id: partner.id, ...inputOf(v) }))) onDone();
        }}
      >
        <PartnerFields v={v} set={setV} creating={false} />
        <ErrorNotice error={action.error} />
        {action.done ? <Notice kind="success">{action.done}</Notice> : null}
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            Save
          </button>
        </div>
      </form>
    </section>
  );
}

function PartnerKeys({ partner, onDone }: { partner: Partner; onDone: () => void }) {
  const client = useClient();
  const [keyId, setKeyId] = useState('');
  const action = useAction();
  return (
    <section class="panel" aria-labelledby="keys-title">
      <h2 id="keys-title">Linked API keys</h2>
      <p class="muted">Quotes made with a linked key are attributed to the partner.</p>
      <Table
        caption="API keys linked to the partner"
        rows={partner.apiKeyIds}
        rowKey={(k) => k}
        empty="No key linked: quotes name the partner with its id."
        columns={[
          { label: 'Key', cell: (k) => <Mono value={k} /> },
          {
            label: 'Action',
            cell: (k) => (
              <button
                type="button"
                class="secondary"
                aria-label={`Unlink ${k}`}
                disabled={action.busy}
                onClick={() =>
                  action
                    .run('Unlinked.', () => mutate(client, UNLINK_KEY, 'adminUnlinkPartnerKey', { id: partner.id, apiKeyId: k }))
                    .then((ok) => ok && onDone())
                }
              >
                Unlink
              </button>
            ),
          },
        ]}
      />
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const apiKeyId = keyId.trim();
          const ok = await action.run('Linked.', () =>
            mutate(client, LINK_KEY, 'adminLinkPartnerKey', { id: partner.id, apiKeyId, idempotencyKey: crypto.randomUUID() }),
          );
          if (ok) {
            setKeyId('');
            onDone();
          }
        }}
      >
        <div class="form-row">
          <Field label="API key id" hint="A key of the partner’s account (the first key gives a partner without an account its account).">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                spellcheck={false}
                autocomplete="off"
                required
                value={keyId}
                onInput={(e) => setKeyId(e.currentTarget.value)}
              />
            )}
          </Field>
          <div class="actions">
            <button type="submit" disabled={action.busy}>
              Link key
            </button>
          </div>
        </div>
      </form>
      <ErrorNotice error={action.error} />
      {action.done ? <Notice kind="success">{action.done}</Notice> : null}
    </section>
  );
}
