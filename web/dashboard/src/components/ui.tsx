import { type ComponentChildren, Fragment, type JSX } from 'preact';
import { useId, useState } from 'preact/hooks';
import { useBoot } from '../boot';
import type { ApiFailure } from '../gql';

/**
 * A detail page while its resource is not there: loading, the error that stopped it, or not found (`children` say
 * what was asked for and link back to the list).
 */
export function DetailFallback({
  title,
  loading,
  error,
  children,
}: {
  title: string;
  loading: boolean;
  error: ApiFailure | null;
  children: ComponentChildren;
}) {
  if (loading || error)
    return (
      <>
        <PageHeader title={title} />
        {error ? <ErrorNotice error={error} /> : <Loading />}
      </>
    );
  return (
    <>
      <PageHeader title={`${title} not found`} />
      <p>{children}</p>
    </>
  );
}

/** A page's title block: the h1 (focused after each navigation, for screen readers) and optional actions. */
export function PageHeader({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="page-header">
      <h1 tabIndex={-1} id="page-title">
        {title}
      </h1>
      {children ? <div class="page-actions">{children}</div> : null}
    </div>
  );
}

/** An API failure as people read it: the message, the code linked to its documentation, the request id. */
export function ErrorNotice({ error }: { error: ApiFailure | null | undefined }) {
  const { docsUrl } = useBoot();
  if (!error) return null;
  return (
    <div class="notice error" role="alert">
      <p>{error.message}</p>
      <p class="muted">
        {error.code === 'NETWORK' ? (
          'No answer from the service.'
        ) : (
          <>
            Error <a href={`${docsUrl}/errors/${error.code}`}>{error.code}</a>
            {error.requestId ? <> · request {error.requestId}</> : null}
          </>
        )}
      </p>
    </div>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'success' | 'warning'; children: ComponentChildren }) {
  return (
    <div class={`notice ${kind}`} role={kind === 'info' ? undefined : 'status'}>
      {children}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="muted" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export interface Column<T> {
  /** Column header (also the cell's label on a phone, where rows become cards). */
  label: string;
  cell: (row: T) => ComponentChildren;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

/**
 * A list as a table with a caption (its accessible name); on a narrow screen each row stacks into a card with
 * the column labels beside the values (the CSS reads `data-label`).
 */
export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: ComponentChildren;
}) {
  if (!rows.length) return <p class="empty">{empty}</p>;
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.label} class={c.numeric ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label} class={c.numeric ? 'num' : undefined}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Load more" under a connection's list while `pageInfo.hasNextPage`. */
export function MoreButton({ hasMore, loading, onMore }: { hasMore: boolean; loading?: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <button type="button" class="secondary more" onClick={onMore} disabled={loading}>
      {loading ? 'Loading…' : 'Load more'}
    </button>
  );
}

/** One object's fields as a description list. */
export function DetailList({ items }: { items: Array<[string, ComponentChildren]> }) {
  return (
    <dl class="details">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v ?? <span class="muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

type FieldProps = { label: string; hint?: ComponentChildren; children: (id: string, describedBy: string | undefined) => JSX.Element };

/** A labelled form control with an optional hint tied to it by aria-describedby. */
export function Field({ label, hint, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children(id, hintId)}
      {hint ? (
        <p class="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Copies `text`; says so in a live region. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  return (
    <>
      <button
        type="button"
        class="secondary"
        onClick={async () => {
          await navigator.clipboard?.writeText(text).catch(() => {});
          setDone(true);
          setTimeout(() => setDone(false), 2000);
        }}
      >
        {label}
      </button>
      <span class="visually-hidden" aria-live="polite">
        {done ? 'Copied' : ''}
      </span>
      {done ? (
        <span class="muted" aria-hidden="true">
          {' '}
          Copied
        </span>
      ) : null}
    </>
  );
}

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as a <time> element, in the reader's locale. */
export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <span class="muted">—</span>;
  return <time dateTime={at}>{dateFmt.format(new Date(at))}</time>;
}

/** A long id or address, shortened on screen, whole for copying and assistive technology. */
export function Mono({ value, short = false }: { value: string; short?: boolean }) {
  const shown = short && value.length > 18 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
  return (
    <code class="mono" title={value}>
      {shown === value ? (
        value
      ) : (
        <>
          <span aria-hidden="true">{shown}</span>
          <span class="visually-hidden">{value}</span>
        </>
      )}
    </code>
  );
}

/** What `PageChain` hands each page of a list: its cursor (none for the first), "Load more", and whether it is last. */
export interface ChainedPage {
  after: string | undefined;
  onMore: (cursor: string) => void;
  last: boolean;
}

/**
 * A list read a page at a time: the first page, then one more for each "Load more", each page a query of its own
 * after the cursor the page before ended at. `page` renders one (its `MoreButton` shows only on the last). Key the
 * chain by the list's filter so a new filter starts again from the first page.
 */
export function PageChain({ page }: { page: (p: ChainedPage) => ComponentChildren }) {
  const [after, setAfter] = useState<string[]>([]);
  return (
    <>
      {page({ after: undefined, onMore: (c) => setAfter([c]), last: after.length === 0 })}
      {after.map((c, i) => (
        <Fragment key={c}>{page({ after: c, onMore: (n) => setAfter([...after.slice(0, i + 1), n]), last: i === after.length - 1 })}</Fragment>
      ))}
    </>
  );
}
