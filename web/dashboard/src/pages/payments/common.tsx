import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { useClient } from '@urql/preact';
import type { Client } from '@urql/core';
import { ApiFailure, queryOnce } from '../../gql';
import { Field, Mono } from '../../components/ui';
import { canWrite, useSession } from '../../session';
import { displayUnits } from './amounts';
import './payments.css';

/**
 * What the payment pages share: chains (names, explorer links), token decimals, amounts, status badges, paged
 * lists, actions with their error, and the CSV export form.
 */

export interface Chain {
  id: number;
  name: string;
  slug: string;
  vm: string;
  explorerTx: string;
  explorerAddress: string;
}

const CHAINS = /* GraphQL */ `
  query DashboardChains {
    chains(first: 200) { nodes { id name slug vm explorerTx explorerAddress } }
  }
`;

// Chains and tokens are the same in every account and mode: read once per page load.
let chainsOnce: Promise<Map<number, Chain>> | undefined;

function loadChains(client: Client): Promise<Map<number, Chain>> {
  chainsOnce ??= queryOnce<{ chains: { nodes: Chain[] } }>(client, CHAINS)
    .then((d) => new Map(d.chains.nodes.map((c) => [c.id, c])))
    .catch((err) => {
      chainsOnce = undefined;
      throw err;
    });
  return chainsOnce;
}

/** Every chain the service knows, by id (empty until read). */
export function useChains(): Map<number, Chain> {
  const client = useClient();
  const [chains, setChains] = useState<Map<number, Chain>>(new Map());
  useEffect(() => {
    let stop = false;
    loadChains(client)
      .then((c) => !stop && setChains(c))
      .catch(() => {});
    return () => {
      stop = true;
    };
  }, [client]);
  return chains;
}

export function ChainName({ id }: { id: number }) {
  const chains = useChains();
  return <>{chains.get(id)?.name ?? `Chain ${id}`}</>;
}

/** A transaction hash linked to the chain's explorer (opens in a new tab), shortened on screen. */
export function TxLink({ chainId, hash }: { chainId: number; hash: string | null | undefined }) {
  const chains = useChains();
  if (!hash) return <span class="muted">—</span>;
  const chain = chains.get(chainId);
  if (!chain?.explorerTx) return <Mono value={hash} short />;
  return (
    <a href={chain.explorerTx + hash} target="_blank" rel="noopener noreferrer">
      <Mono value={hash} short />
      <span class="visually-hidden"> on the {chain.name} explorer (opens in a new tab)</span>
    </a>
  );
}

/** An address linked to the chain's explorer. */
export function AddressLink({ chainId, address }: { chainId: number; address: string | null | undefined }) {
  const chains = useChains();
  if (!address) return <span class="muted">—</span>;
  const chain = chains.get(chainId);
  if (!chain?.explorerAddress) return <Mono value={address} short />;
  return (
    <a href={chain.explorerAddress + address} target="_blank" rel="noopener noreferrer">
      <Mono value={address} short />
      <span class="visually-hidden"> on the {chain.name} explorer (opens in a new tab)</span>
    </a>
  );
}

export interface TokenInfo {
  symbol: string;
  decimals: number;
}

const TOKEN = /* GraphQL */ `
  query DashboardToken($chain: String!, $address: String!) {
    token(chain: $chain, address: $address) { symbol decimals }
  }
`;
const tokens = new Map<string, Promise<TokenInfo | null>>();

/** A token's symbol and decimals (null while unknown or when the service does not know the token). */
function useToken(chainId: number | undefined, address: string | null | undefined): TokenInfo | null {
  const client = useClient();
  const [info, setInfo] = useState<TokenInfo | null>(null);
  useEffect(() => {
    if (chainId === undefined || !address) return;
    const key = `${chainId}:${address}`;
    let p = tokens.get(key);
    if (!p) {
      p = queryOnce<{ token: TokenInfo | null }>(client, TOKEN, { chain: String(chainId), address })
        .then((d) => d.token)
        .catch(() => null);
      tokens.set(key, p);
    }
    let stop = false;
    p.then((t) => !stop && setInfo(t));
    return () => {
      stop = true;
    };
  }, [client, chainId, address]);
  return info;
}

const TOKEN_SEARCH = /* GraphQL */ `
  query DashboardTokenSearch($chain: String!, $q: String!) {
    tokens(chain: $chain, q: $q, first: 10) { nodes { address symbol decimals verified } }
  }
`;

/**
 * A token a person named on a chain (an address or mint, or a symbol such as USDC) with its decimals, so an amount
 * typed in whole tokens can be sent as base units; an ApiFailure when the service does not know it.
 */
export async function resolveToken(client: Client, chain: string, ref: string): Promise<TokenInfo & { address: string }> {
  const r = ref.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(r) || /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(r)) {
    const d = await queryOnce<{ token: TokenInfo | null }>(client, TOKEN, { chain, address: r });
    if (d.token) return { ...d.token, address: r };
  } else if (r) {
    const d = await queryOnce<{ tokens: { nodes: Array<TokenInfo & { address: string; verified: boolean }> } }>(client, TOKEN_SEARCH, { chain, q: r });
    const same = d.tokens.nodes.filter((t) => t.symbol.toUpperCase() === r.toUpperCase());
    const pick = same.find((t) => t.verified) ?? same[0];
    if (pick) return { symbol: pick.symbol, decimals: pick.decimals, address: pick.address };
  }
  throw new ApiFailure('UNSUPPORTED_TOKEN', `No token ${r || '(empty)'} is known on ${chain}: give its address or symbol.`);
}

/** An amount of base units shown in whole tokens; the exact base units in the title. */
export function Amount({ base, decimals, symbol }: { base: string | null | undefined; decimals: number; symbol?: string }) {
  if (base === null || base === undefined) return <span class="muted">—</span>;
  return (
    <span class="amount" title={`${base} base units`}>
      {displayUnits(base, decimals)}
      {symbol ? ` ${symbol}` : ''}
    </span>
  );
}

/** An amount of a token known by chain and address: in whole tokens once its decimals are read, else base units. */
export function TokenAmount({ base, chainId, token }: { base: string | null | undefined; chainId: number; token: string | null | undefined }) {
  const info = useToken(chainId, token);
  if (base === null || base === undefined) return <span class="muted">—</span>;
  if (!info) return <span class="amount">{base} base units</span>;
  return <Amount base={base} decimals={info.decimals} symbol={info.symbol} />;
}

const GOOD = new Set(['filled', 'paid', 'succeeded', 'active', 'ready', 'open_ok']);
const BAD = new Set(['failed', 'refunded', 'void', 'expired', 'canceled', 'cancelled', 'disabled', 'rejected', 'past_due']);
const WARN = new Set([
  'needs_review',
  'pending',
  'processing',
  'submitted',
  'verifying',
  'partially_filled',
  'pending_signature',
  'advancing',
  'trialing',
  'draft',
]);

/** A status as a badge whose colour says good, bad or waiting (the word itself carries the meaning). */
export function StatusBadge({ status }: { status: string }) {
  const kind = GOOD.has(status) ? 'ok' : BAD.has(status) ? 'bad' : WARN.has(status) ? 'warn' : '';
  return <span class={`badge ${kind}`}>{status.replace(/_/g, ' ')}</span>;
}

interface Connection<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * A connection (at `path`, such as `orders` or `webhookEndpoint.attempts`) read page by page: `items` so far, `more()` for the next page, `reload()` to read again from the
 * start (as many items as are shown, so a live refresh keeps the list's length).
 */
export function usePaged<T>(document: string, field: string, variables: Record<string, unknown>, pageSize = 25, opts: { pause?: boolean } = {}) {
  const client = useClient();
  const [items, setItems] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiFailure | null>(null);
  const shown = useRef(0);
  const seq = useRef(0);
  const key = JSON.stringify(variables);

  const read = useCallback(
    async (after: string | null, first: number) => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const data = await queryOnce<Record<string, unknown>>(client, document, { ...variables, first, after });
        if (mine !== seq.current) return;
        const conn = field.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], data) as Connection<T> | undefined;
        if (!conn) throw new ApiFailure('NOT_FOUND', 'Nothing to list here any more.');
        setItems((prev) => {
          const next = after ? [...prev, ...conn.nodes] : conn.nodes;
          shown.current = next.length;
          return next;
        });
        setHasMore(conn.pageInfo.hasNextPage);
        setCursor(conn.pageInfo.endCursor);
        setError(null);
      } catch (err) {
        if (mine === seq.current) setError(err as ApiFailure);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [client, document, field, key],
  );

  useEffect(() => {
    shown.current = 0;
    if (opts.pause) {
      setLoading(false);
      return;
    }
    void read(null, pageSize);
  }, [read, opts.pause]);

  return {
    items,
    hasMore,
    loading,
    error,
    more: () => void read(cursor, pageSize),
    reload: () => void read(null, Math.min(100, Math.max(pageSize, shown.current))),
  };
}

/** Runs an action (a mutation) with a busy flag and its failure kept for `ErrorNotice`. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const run = useCallback(async <R,>(fn: () => Promise<R>): Promise<R | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (err) {
      setError(err instanceof ApiFailure ? err : new ApiFailure('INTERNAL', String((err as Error)?.message ?? err)));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { run, busy, error, setError };
}

/** A fresh idempotency key for one submission of a form (a retry of the same submission reuses it). */
export const newIdempotencyKey = () => `dash-${crypto.randomUUID()}`;

/** Whether the signed-in member may change payment objects (the server decides; this hides buttons that would fail). */
export function useCanWrite(): boolean {
  return canWrite(useSession().login.role, 'payments');
}

export function useIsTest(): boolean {
  return useSession().login.session.mode === 'test';
}

export type ExportKind = 'orders' | 'checkout_sessions' | 'invoices' | 'deposits';

const dayInput = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Downloads `GET /v1/dashboard/exports/<kind>.csv?from&to` (the session's account and mode): days in UTC,
 * `to` included (the route's `to` is exclusive, so the next day's midnight is sent).
 */
export function ExportCsv({ kind, label }: { kind: ExportKind; label: string }) {
  const now = new Date();
  const [from, setFrom] = useState(dayInput(new Date(now.getTime() - 29 * 86_400_000)));
  const [to, setTo] = useState(dayInput(now));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const end = valid ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : '';
  const href = `/v1/dashboard/exports/${kind}.csv?${new URLSearchParams({ from: valid ? `${from}T00:00:00Z` : '', to: end })}`;
  return (
    <details class="export">
      <summary>Export {label} as CSV</summary>
      <div class="form-row">
        <Field label="From (UTC day)">
          {(fid) => <input id={fid} type="date" value={from} onInput={(e) => setFrom((e.target as HTMLInputElement).value)} />}
        </Field>
        <Field label="To (UTC day, included)">
          {(fid) => <input id={fid} type="date" value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />}
        </Field>
        {valid ? (
          <a class="button" href={href} download>
            Download CSV
          </a>
        ) : (
          <p class="hint" role="status">
            Pick a start day on or before the end day.
          </p>
        )}
      </div>
    </details>
  );
}

/** A titled panel of a detail page. */
export function Panel({ title, children, actions }: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  const id = useId();
  return (
    <section class="panel" aria-labelledby={id}>
      <div class="panel-head">
        <h2 id={id}>{title}</h2>
        {actions ? <div class="actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
