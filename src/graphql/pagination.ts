import type { ArgBuilder, ObjectRef, SchemaTypes } from '@pothos/core';
import { builder, type SchemaTypes as Types } from './builder.js';
import { ApiError, invalidParams, isApiError } from '../errors.js';

/**
 * Relay connections, forward only (`first`, `after`): every list of objects in the schema is one (see
 * CONVENTIONS.md, "Lists"). Two ways to fill one:
 *   - keysetConnection: a page from a domain service's keyset cursor (`{ data, hasMore, nextCursor }`); each
 *     edge's cursor is the service's cursor for that item, so paging can resume after any edge;
 *   - arrayConnection: a list already in memory (small by nature); cursors are offsets, and `totalCount` is set.
 */

export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount?: number;
}

/** A `<Name>Connection` / `<Name>Edge` pair; `totalCount` only for connections filled from memory. */
export function connectionType<T>(name: string, node: ObjectRef<Types, T>, opts: { totalCount?: boolean; description?: string } = {}) {
  return builder.connectionObject(
    {
      type: node,
      name: `${name}Connection`,
      description:
        opts.description ??
        `A page of \`${name}\` items: read \`nodes\` (or \`edges\` for each item's cursor), and while \`pageInfo.hasNextPage\` is true ask again with \`after: pageInfo.endCursor\`.`,
      fields: opts.totalCount
        ? (t) => ({ totalCount: t.int({ description: 'How many items the whole list has.', resolve: (c) => c.totalCount ?? 0 }) })
        : undefined,
    },
    { name: `${name}Edge`, description: `One \`${name}\` of a page with its cursor: pass the cursor as \`after\` to read the items that follow it.` },
  );
}

/** What `pageArgs` records on a `first` argument: its bounds, for the cost model. */
export interface PageSizeExtension {
  max: number;
  default: number;
}

/** The `first` and `after` arguments of a connection field. */
export function pageArgs<Types extends SchemaTypes>(t: { arg: ArgBuilder<Types> }, max: number, def = Math.min(20, max)) {
  return {
    // The page bounds ride along in the argument's extensions: the operation cost (src/graphql/cost.ts) reads them.
    first: t.arg.int({
      description: `How many items, 1 to ${max}; default ${def}.`,
      extensions: { pageSize: { max, default: def } satisfies PageSizeExtension },
    }),
    after: t.arg.string({ description: 'A cursor (an edge `cursor` or `pageInfo.endCursor`): the page starts after it.' }),
  };
}

/** `first` checked against the connection's bounds (INVALID_PARAMS otherwise). */
export function pageSize(first: number | null | undefined, max: number, def = Math.min(20, max)): number {
  if (first === null || first === undefined) return def;
  if (!Number.isInteger(first) || first < 1 || first > max) throw invalidParams('first', `must be an integer from 1 to ${max}`);
  return first;
}

/**
 * A service's page read with `after` as its cursor: the services (shared with REST) name the argument
 * `cursor`, so a cursor they refuse is reported under the GraphQL argument's name.
 */
export async function readAfter<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (isApiError(err) && err.code === 'INVALID_PARAMS' && err.details?.field === 'cursor') {
      throw new ApiError('INVALID_PARAMS', err.message.replace(/^cursor:/, 'after:'), { ...err.details, field: 'after' });
    }
    throw err;
  }
}

/** A connection over a page from a service's keyset cursor; `cursorOf` is the service's cursor for one item. */
export function keysetConnection<T>(page: { data: T[]; hasMore: boolean }, cursorOf: (item: T) => string, args: PageArgs): Connection<T> {
  const edges = page.data.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasMore,
      hasPreviousPage: !!args.after,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

const OFFSET = /^o([0-9]{1,9})$/;

const encodeOffset = (n: number) => Buffer.from(`o${n}`).toString('base64url');

function decodeOffset(cursor: string): number {
  const m = OFFSET.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw invalidParams('after', 'is not a cursor of this list');
  return Number(m[1]);
}

/** A connection over a list already in memory, with `totalCount`. */
export function arrayConnection<T>(items: readonly T[], args: PageArgs, max: number, def = Math.min(20, max)): Connection<T> {
  const size = pageSize(args.first, max, def);
  const start = args.after ? decodeOffset(args.after) + 1 : 0;
  const edges = items.slice(start, start + size).map((node, i) => ({ cursor: encodeOffset(start + i), node }));
  return {
    edges,
    totalCount: items.length,
    pageInfo: {
      hasNextPage: start + size < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
