/**
 * What an admin write changed: the audit entry's `before` and `after` (JSON) compared leaf by leaf. Objects are
 * walked into (`fees.maxFeeBps`), arrays and scalars compared whole, so a list that changed is one line.
 */
export interface Change {
  /** Dotted path of the field (`name`, `settings.maxFeeBps`); empty for a scalar or array resource. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /** JSON text of the value before (absent when added) and after (absent when removed). */
  before?: string;
  after?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `path → JSON text` of every leaf (a scalar, null, an array, an empty object). */
function leaves(v: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (isObject(v) && Object.keys(v).length) {
    for (const [k, x] of Object.entries(v)) leaves(x, prefix ? `${prefix}.${k}` : k, out);
  } else if (v !== undefined) {
    out.set(prefix, JSON.stringify(v));
  }
  return out;
}

/** The changes from `before` to `after`, by path (a stored JSON object's key order is not kept). A null side (created, removed) makes every leaf added or removed. */
export function diff(before: unknown, after: unknown): Change[] {
  const a = before === null || before === undefined ? new Map<string, string>() : leaves(before, '', new Map());
  const b = after === null || after === undefined ? new Map<string, string>() : leaves(after, '', new Map());
  const changes: Change[] = [];
  for (const [path, next] of b) {
    const prev = a.get(path);
    if (prev === undefined) changes.push({ path, kind: 'added', after: next });
    else if (prev !== next) changes.push({ path, kind: 'changed', before: prev, after: next });
  }
  for (const [path, prev] of a) if (!b.has(path)) changes.push({ path, kind: 'removed', before: prev });
  return changes.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
