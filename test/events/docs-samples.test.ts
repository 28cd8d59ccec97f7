import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EVENT_TYPES } from '../../src/events/catalog.js';
import { eventEnvelope } from '../../src/events/views.js';
import { orderViewSchema } from '../../src/orders/views.js';
import { limitOrderViewSchema } from '../../src/limit-orders/views.js';
import { endpointViewSchema } from '../../src/webhooks/views.js';
import { reviewViewSchema, sessionViewSchema } from '../../src/checkout/views.js';
import { invoiceViewSchema } from '../../src/invoices/views.js';
import { subscriptionViewSchema } from '../../src/billing/views.js';

/**
 * The "Sample payloads" of docs/webhooks.md are what a receiver codes against, so they must have the shape events
 * really have: one sample per event type, the envelope the service sends, and a `data` with exactly the fields of the
 * catalog's sample (the one `POST /v1/webhook-endpoints/trigger` sends), null where the docs' moment leaves a field
 * unknown. The catalog's samples are themselves checked against the views (payload-fields.test.ts).
 */

const DOC = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');

interface DocSample {
  type: string;
  /** The prose between the heading and the JSON block. */
  prose: string;
  json: string;
}

/** Each `### \`<type>\`` heading of the "Sample payloads" section, with its prose and its first ```json block. */
function docSamples(md: string): DocSample[] {
  const start = md.indexOf('\n## Sample payloads\n');
  if (start < 0) throw new Error('docs/webhooks.md has no "## Sample payloads" section');
  const rest = md.slice(start + 1);
  const end = rest.indexOf('\n## ', 1);
  const section = end < 0 ? rest : rest.slice(0, end);
  return section
    .split(/^### /m)
    .slice(1)
    .map((part) => {
      const heading = /^`([^`]+)`\s*\n/.exec(part);
      if (!heading) throw new Error(`a sample heading is not a backquoted event type: ### ${part.split('\n')[0]}`);
      const block = /^```json\n([\s\S]*?)^```/m.exec(part);
      if (!block) throw new Error(`the sample of ${heading[1]} has no json block`);
      return { type: heading[1]!, prose: part.slice(heading[0].length, block.index).trim(), json: block[1]! };
    });
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Where `doc` differs in shape from `real`: a key missing (`-path`) or extra (`+path`) in the docs, or a value of
 * another JSON type (`path: string ≠ number`). Null on either side matches any type (a field unknown at the docs'
 * moment, or at the catalog's); arrays are compared by their first elements when both have one.
 */
function shapeDiff(doc: Json, real: Json, path: string): string[] {
  const a = kind(doc);
  const b = kind(real);
  if (a === 'null' || b === 'null') return [];
  if (a !== b) return [`${path}: ${a} ≠ ${b}`];
  if (a === 'array') {
    const [d] = doc as Json[];
    const [r] = real as Json[];
    return d === undefined || r === undefined ? [] : shapeDiff(d, r, `${path}[0]`);
  }
  if (a !== 'object') return [];
  const d = doc as Record<string, Json>;
  const r = real as Record<string, Json>;
  return [
    ...Object.keys(r)
      .filter((k) => !(k in d))
      .map((k) => `-${path}.${k}`),
    ...Object.keys(d)
      .filter((k) => !(k in r))
      .map((k) => `+${path}.${k}`),
    ...Object.keys(d)
      .filter((k) => k in r)
      .flatMap((k) => shapeDiff(d[k]!, r[k]!, `${path}.${k}`)),
  ];
}

/** The path (keys) of the first string in `value` equal to `target`, depth first, or null. */
function pathOf(value: Json, target: string): string[] | null {
  if (value === target) return [];
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const rest = pathOf(v, target);
    if (rest) return [k, ...rest];
  }
  return null;
}
const at = (value: Json, path: string[]) => path.reduce<Json | undefined>((v, k) => (v as Record<string, Json> | undefined)?.[k], value);

/** The view each record in `data` has (the API's answer for it); the docs' records must be valid views. */
const VIEWS: Record<string, z.ZodType> = {
  order: orderViewSchema,
  limitOrder: limitOrderViewSchema,
  session: sessionViewSchema,
  review: reviewViewSchema,
  invoice: invoiceViewSchema,
  subscription: subscriptionViewSchema,
  endpoint: endpointViewSchema,
};

describe('shapeDiff', () => {
  it('names missing, extra and retyped fields, recursively and into first array elements; null matches any type', () => {
    const real = { a: 1, b: { c: 'x', d: [{ e: true }] }, f: null, g: 'y' };
    expect(shapeDiff({ a: 1, b: { c: 'x', d: [{ e: true }] }, f: 'set', g: null }, real, 'data')).toEqual([]);
    expect(shapeDiff({ a: '1', b: { d: [{ e: true, z: 0 }] }, f: null, g: 'y', h: 2 }, real, 'data')).toEqual([
      '+data.h',
      'data.a: string ≠ number',
      '-data.b.c',
      '+data.b.d[0].z',
    ]);
    expect(shapeDiff({ d: [] }, { d: [{ e: 1 }] }, 'data')).toEqual([]);
  });
});

describe('docs/webhooks.md sample payloads', () => {
  const samples = docSamples(DOC);
  const byType = new Map(samples.map((s) => [s.type, s]));
  const ctx = { publicUrl: 'https://pay.example.com', now: new Date('2026-11-22T14:03:11.482Z') };
  const envelopeKeys = Object.keys(
    eventEnvelope({ id: 'evt_1', type: 't.x', livemode: false, createdAt: ctx.now, resourceId: 'r', sequence: 1, data: {} }),
  ).sort();

  it('has one sample per event type of the catalog, and none for another type', () => {
    expect(samples.map((s) => s.type).sort()).toEqual(EVENT_TYPES.map((t) => t.type).sort());
  });

  it.each(EVENT_TYPES.map((t) => [t.type, t] as const))('%s: the envelope and data have the shape of a real event', (type, info) => {
    const sample = byType.get(type);
    expect(sample, `no sample for ${type}`).toBeDefined();
    const event = JSON.parse(sample!.json) as Record<string, Json>;
    expect(Object.keys(event).sort()).toEqual(envelopeKeys);
    expect(event.type).toBe(type);
    expect(event.livemode).toBe(false);
    expect(Number.isInteger(event.sequence) && (event.sequence as number) >= 1).toBe(true);
    expect(new Date(event.createdAt as string).toISOString()).toBe(event.createdAt);

    const real = info.sample(ctx);
    expect(shapeDiff(event.data, real.data as Json, 'data')).toEqual([]);
    // resourceId names the record the catalog's event is about (an order's quoteId, a limit fill's limitOrderId…).
    const idPath = pathOf(real.data as Json, real.resourceId);
    expect(idPath, `the catalog's resourceId of ${type} is not in its data`).not.toBeNull();
    expect(at(event.data, idPath!), `resourceId is data.${idPath!.join('.')}`).toBe(event.resourceId);
    for (const [name, value] of Object.entries(event.data as Record<string, Json>)) {
      if (!VIEWS[name]) continue;
      expect(VIEWS[name].safeParse(value).error?.issues ?? [], `data.${name} is not a valid ${name} view`).toEqual([]);
    }
  });

  it.each(EVENT_TYPES.map((t) => [t.type, t] as const))('%s: the "Emitted when" line is the catalog\'s', (type, info) => {
    const prose = byType.get(type)?.prose ?? '';
    if (!prose.includes('Emitted when')) return;
    expect(prose.startsWith(`Emitted when ${info.emittedWhen}.`), prose).toBe(true);
  });
});
