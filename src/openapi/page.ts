import { createHash } from 'node:crypto';
import { ERROR_CODES } from '../errors.js';
import type { OpenApiDocument } from './document.js';
import { RESPONSE_HEADERS } from './headers.js';

/**
 * /docs/api: a readable reference rendered on the server from the OpenAPI document: no script, no external
 * resource, one inline stylesheet allowed by its hash under a strict Content-Security-Policy. Same look as
 * the error catalog (/docs/errors); error codes link to their pages there.
 */
/** The parts of the OpenAPI document (plain JSON, src/openapi/document.ts) this page reads. */
interface Schema {
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  type?: string | string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
}
interface Example {
  summary?: string;
  value?: unknown;
  'x-expected-status'?: number | string;
}
interface Media {
  schema?: Schema;
  examples?: Record<string, Example>;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  examples?: Record<string, Example>;
}
interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, Media>;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, Media> };
  responses: Record<string, Response>;
  security?: Record<string, unknown>[];
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}code,pre{background:#f2f2f2;border-radius:3px}code{padding:.1em .3em}pre{padding:.6rem;overflow:auto;font-size:13px;line-height:1.4}a{color:#0645ad}table{border-collapse:collapse;margin:.5rem 0}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}h2{margin-top:2.5rem;border-bottom:2px solid #111}h3{margin-top:2rem}.m{display:inline-block;min-width:4.2rem;font-weight:700;font-family:monospace}.s{color:#555;font-size:.9em}details{margin:.4rem 0}summary{cursor:pointer}';

export const API_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const esc = (s: string) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Escaped text with `code` spans and paragraphs: the only markdown the descriptions use. */
const md = (s: string | undefined) =>
  s
    ? esc(s)
        .split(/\n\n+/)
        .map((p) => `<p>${p.replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
        .join('')
    : '';
const anchor = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '-');
const refName = (ref: string) => ref.split('/').pop()!;
const codeLinks = (text: string) => text.replace(new RegExp(`<code>(${ERROR_CODES.join('|')})</code>`, 'g'), '<a href="errors/$1"><code>$1</code></a>');

/** One line describing a schema: its type, constraints and enum values; references link to the schema section. */
function typeOf(s: Schema | boolean | undefined): string {
  if (typeof s === 'boolean') return 'any';
  if (!s) return 'any';
  if (s.$ref) return `<a href="#schema-${anchor(refName(s.$ref))}">${esc(refName(s.$ref))}</a>`;
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf ?? []).map((x) => typeOf(x)).join(' | ');
  if (s.const !== undefined) return `<code>${esc(JSON.stringify(s.const))}</code>`;
  if (s.enum) return `one of ${s.enum.map((v: unknown) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}`;
  const t = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  if (t === 'array')
    return `array of ${typeOf(s.items)}${s.minItems !== undefined || s.maxItems !== undefined ? ` <span class="s">(${s.minItems ?? 0}-${s.maxItems ?? 'any'} items)</span>` : ''}`;
  if (t === 'object' && !s.properties && s.additionalProperties) return `map of ${typeOf(s.additionalProperties)}`;
  const bits: string[] = [];
  if (s.format) bits.push(esc(s.format));
  if (s.pattern && s.format !== 'date-time' && s.format !== 'uuid') bits.push(`pattern <code>${esc(s.pattern)}</code>`);
  const range = (min: number | undefined, max: number | undefined, unit: string) =>
    min !== undefined && max !== undefined
      ? `${min}-${max} ${unit}`
      : min !== undefined
        ? `at least ${min} ${unit}`
        : max !== undefined
          ? `at most ${max} ${unit}`
          : undefined;
  const chars = range(s.minLength, s.maxLength, 'chars');
  if (chars) bits.push(chars);
  if (s.minimum !== undefined && s.minimum > -1e15) bits.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum < 1e15) bits.push(`≤ ${s.maximum}`);
  if (s.default !== undefined) bits.push(`default <code>${esc(JSON.stringify(s.default))}</code>`);
  return `${esc(t ?? 'any')}${bits.length ? ` <span class="s">(${bits.join(', ')})</span>` : ''}`;
}

/** The fields of an object schema as a table; other schemas as one line. */
function schemaTable(s: Schema | undefined): string {
  if (!s) return '';
  if (s.$ref || s.type !== 'object' || !s.properties) return `<p>${typeOf(s)}</p>`;
  const req = new Set<string>(s.required ?? []);
  const rows = Object.entries(s.properties)
    .map(
      ([k, v]) =>
        `<tr><td><code>${esc(k)}</code>${req.has(k) ? '' : ' <span class="s">optional</span>'}</td><td>${typeOf(v)}</td><td>${md(v.description)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const examplesHtml = (examples: Record<string, Example> | undefined) =>
  Object.entries(examples ?? {})
    .map(
      ([name, e]) =>
        `<details><summary>${esc(e.summary ?? name)}${e['x-expected-status'] ? ` <span class="s">→ ${e['x-expected-status']}</span>` : ''}</summary><pre>${esc(JSON.stringify(e.value, null, 2))}</pre></details>`,
    )
    .join('');

function parametersHtml(doc: OpenApiDocument, params: Parameter[] | undefined): string {
  if (!params?.length) return '';
  const resolved = params.map((p) => (p.$ref ? { ...((doc.components?.parameters ?? {}) as Record<string, Parameter>)[refName(p.$ref)] } : p));
  const rows = resolved
    .map((p) => {
      const ex = Object.values(p.examples ?? {}).map((e) => `<code>${esc(String(e.value))}</code>`);
      return `<tr><td><code>${esc(p.name)}</code>${p.required ? '' : ' <span class="s">optional</span>'}</td><td>${esc(p.in)}</td><td>${typeOf(p.schema)}</td><td>${md(p.description ?? p.schema?.description)}${ex.length ? `<p class="s">e.g. ${[...new Set(ex)].slice(0, 3).join(', ')}</p>` : ''}</td></tr>`;
    })
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function operationHtml(doc: OpenApiDocument, path: string, method: string, op: Operation): string {
  const id = anchor(op.operationId);
  const body = op.requestBody?.content?.['application/json'];
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const c = r.content?.['application/json'];
      const headers = Object.entries(r.headers ?? {})
        .map(([h]) => `<code>${esc(h)}</code>`)
        .join(', ');
      const isError = Number(status) >= 400;
      // A file (the PDF receipt): its media type instead of a schema table.
      const files = Object.keys(r.content ?? {}).filter((t) => t !== 'application/json');
      const file = files.length && !c ? `<p class="s">Body: ${files.map((t) => `<code>${esc(t)}</code>`).join(', ')}</p>` : '';
      return `<h5>${esc(status)}</h5>${codeLinks(md(r.description))}${headers ? `<p class="s">Headers: ${headers}</p>` : ''}${file}${c && !isError ? schemaTable(c.schema) + examplesHtml(c.examples) : ''}`;
    })
    .join('');
  const security = op.security ?? [];
  const access = security.length === 0 ? 'public' : security.some((s) => Object.keys(s).length === 0) ? 'optional key' : 'key';
  return `<section id="${id}"><h3><span class="m">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p><strong>${esc(op.summary)}</strong> <span class="s">· ${access} · <code>${esc(op.operationId)}</code></span></p>${md(op.description)}
${parametersHtml(doc, op.parameters)}
${body ? `<h4>Request body${op.requestBody?.required ? '' : ' <span class="s">optional</span>'}</h4>${schemaTable(body.schema)}${examplesHtml(body.examples)}` : ''}
<h4>Responses</h4>${responses}</section>`;
}

export function renderApiReference(doc: OpenApiDocument): string {
  const ops: Array<{ tag: string; path: string; method: string; op: Operation }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation | undefined>))
      if (op && typeof op === 'object' && op.operationId) ops.push({ tag: op.tags?.[0] ?? 'Other', path, method, op });
  }
  const tags = (doc.tags ?? []).map((t) => t.name).filter((t) => ops.some((o) => o.tag === t));
  const toc = tags
    .map(
      (t) =>
        `<li>${esc(t)}<ul>${ops
          .filter((o) => o.tag === t)
          .map(
            (o) =>
              `<li><a href="#${anchor(o.op.operationId)}"><span class="m">${esc(o.method.toUpperCase())}</span> ${esc(o.path)}</a> ${esc(o.op.summary)}</li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = tags
    .map((t) => {
      const desc = doc.tags?.find((x) => x.name === t)?.description;
      return `<h2 id="tag-${anchor(t)}">${esc(t)}</h2>${md(desc)}${ops
        .filter((o) => o.tag === t)
        .map((o) => operationHtml(doc, o.path, o.method, o.op))
        .join('')}`;
    })
    .join('');
  const schemas = Object.entries((doc.components?.schemas ?? {}) as Record<string, Schema>)
    .map(([name, s]) => `<section id="schema-${anchor(name)}"><h3><code>${esc(name)}</code></h3>${md(s.description)}${schemaTable(s)}</section>`)
    .join('');
  const headers = Object.entries(RESPONSE_HEADERS)
    .map(
      ([id, h]) =>
        `<tr><td><code>${esc(h.name)}</code></td><td><code>${esc(id)}</code></td><td>${md(h.description)}${h.everyResponse ? ' <span class="s">On every response.</span>' : ''}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title>
<style>${STYLE}</style>
</head><body>
<h1>${esc(doc.info.title)} <span class="s">${esc(doc.info.version)}</span></h1>
${md(doc.info.description)}
<p>Machine-readable: <a href="../v1/openapi.json"><code>/v1/openapi.json</code></a> (OpenAPI 3.1). Error codes: <a href="errors/">the error catalog</a>. Authentication: send the API key in the <code>x-api-key</code> header.</p>
<nav><h2>Operations</h2><ul>${toc}</ul></nav>
${sections}
<h2 id="schemas">Schemas</h2>${schemas}
<h2 id="headers">Response headers</h2><table><thead><tr><th>Header</th><th>Component</th><th>Description</th></tr></thead><tbody>${headers}</tbody></table>
</body></html>`;
}
