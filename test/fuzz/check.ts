import { maxHeaderSize } from 'node:http';
import { ERROR_STATUS } from '../../src/errors.js';
import type { HttpCase, HttpResult } from './transport.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * What every answer must satisfy, whatever was sent: no 5xx; an `x-request-id`; a REST 4xx carries the error
 * envelope `{error:{code,message,requestId,docsUrl}}` with `requestId` equal to the header and a code of that
 * status; GraphQL errors carry `extensions.code` and the request id. Returns the problems (empty when fine).
 */
export function checkAnswer(c: HttpCase, r: HttpResult): string[] {
  if (r.error) return r.error.startsWith('client refused') ? [] : [`no answer: ${r.error}`];
  const problems: string[] = [];
  if (r.status >= 500) problems.push(`status ${r.status}`);
  const requestId = r.headers['x-request-id'];
  if (typeof requestId !== 'string' || !requestId) problems.push('no x-request-id header');
  else {
    const sent = c.headers['x-request-id'];
    // A request past Node's header limit is answered before its headers are read: its id cannot be kept.
    const headerBytes = c.path.length + Object.entries(c.headers).reduce((n, [k, v]) => n + k.length + Buffer.byteLength(v) + 4, 0);
    if (sent && UUID.test(sent) && headerBytes < maxHeaderSize - 512 && requestId !== sent.toLowerCase())
      problems.push(`x-request-id ${requestId} is not the well-formed one sent (${sent})`);
  }
  const head = c.method === 'HEAD';
  const isGraphQL = c.path === '/graphql' || c.path.startsWith('/graphql?');
  const type = String(r.headers['content-type'] ?? '');
  if (isGraphQL && !head) problems.push(...checkGraphQL(r, type, requestId as string));
  else if (r.status >= 400 && !head) problems.push(...checkEnvelope(r, requestId as string));
  return problems;
}

function checkEnvelope(r: HttpResult, requestId: string): string[] {
  let body: { error?: { code?: unknown; message?: unknown; requestId?: unknown; docsUrl?: unknown } };
  try {
    body = JSON.parse(r.text);
  } catch {
    return [`${r.status} without a JSON error envelope: ${JSON.stringify(r.text.slice(0, 120))}`];
  }
  const e = body?.error;
  if (!e || typeof e !== 'object') return [`${r.status} body is not an error envelope: ${r.text.slice(0, 120)}`];
  const problems: string[] = [];
  const code = e.code as keyof typeof ERROR_STATUS;
  if (typeof e.code !== 'string' || !(e.code in ERROR_STATUS)) problems.push(`unknown error code ${String(e.code)}`);
  else if (ERROR_STATUS[code] !== r.status) problems.push(`code ${code} is ${ERROR_STATUS[code]}, answered with ${r.status}`);
  if (typeof e.message !== 'string' || !e.message) problems.push('error.message missing');
  if (e.requestId !== requestId) problems.push(`error.requestId ${String(e.requestId)} differs from x-request-id ${requestId}`);
  if (typeof e.docsUrl !== 'string' || !e.docsUrl.endsWith(`/errors/${String(e.code)}`))
    problems.push(`error.docsUrl ${String(e.docsUrl)} does not name the code`);
  return problems;
}

type GqlBody = { errors?: Array<{ message?: unknown; extensions?: { code?: unknown; requestId?: unknown } }>; error?: unknown };

function checkGraphQLBody(body: GqlBody, requestId: string, where: string): string[] {
  const problems: string[] = [];
  for (const e of body.errors ?? []) {
    if (typeof e.extensions?.code !== 'string') problems.push(`${where}: a GraphQL error without extensions.code: ${JSON.stringify(e).slice(0, 200)}`);
    else if (e.extensions.code === 'INTERNAL') problems.push(`${where}: GraphQL error INTERNAL: ${String(e.message)}`);
    if (e.extensions?.requestId !== undefined && e.extensions.requestId !== requestId)
      problems.push(`${where}: extensions.requestId ${String(e.extensions.requestId)} differs from x-request-id ${requestId}`);
  }
  return problems;
}

function checkGraphQL(r: HttpResult, type: string, requestId: string): string[] {
  if (/^text\/event-stream/.test(type)) {
    const problems: string[] = [];
    for (const block of r.text.split('\n\n')) {
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('');
      if (!data) continue;
      try {
        problems.push(...checkGraphQLBody(JSON.parse(data), requestId, 'event'));
      } catch {
        problems.push(`event that is not JSON: ${data.slice(0, 120)}`);
      }
    }
    return problems;
  }
  if (/^multipart\/mixed/.test(type)) {
    // Incremental delivery: each part a JSON result.
    const problems: string[] = [];
    for (const m of r.text.matchAll(/\r\n\r\n(\{[\s\S]*?\})\r\n---/g)) {
      try {
        problems.push(...checkGraphQLBody(JSON.parse(m[1]), requestId, 'part'));
      } catch {
        // a part split across reads: not judged
      }
    }
    return problems;
  }
  if (r.status < 400 && !/json/.test(type)) return [];
  let body: GqlBody;
  try {
    body = JSON.parse(r.text);
  } catch {
    return r.status >= 400 ? [`${r.status} from /graphql without a JSON body: ${JSON.stringify(r.text.slice(0, 120))}`] : [];
  }
  // The HTTP layer's own refusals (body too large, before GraphQL ran) use the REST envelope.
  if (body && typeof body === 'object' && 'error' in body && !('errors' in body)) return checkEnvelope(r, requestId);
  const problems = Array.isArray(body)
    ? body.flatMap((b: GqlBody) => checkGraphQLBody(b, requestId, 'batch item'))
    : checkGraphQLBody(body, requestId, 'result');
  if (r.status >= 400 && !Array.isArray(body) && !body?.errors?.length) problems.push(`${r.status} from /graphql without errors`);
  return problems;
}
