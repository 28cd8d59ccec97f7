import fc from 'fast-check';
import type { GraphQLSchema } from 'graphql';
import { restRoutes } from '../../src/rest/routes.js';
import { operationsOf, provisionalDocument, type OpenApiDocument, type Operation } from './openapi.js';
import { restCase } from './rest.js';
import { graphqlCases, rootFields } from './graphql.js';
import { checkAnswer } from './check.js';
import { send, type HttpCase, type HttpResult } from './transport.js';
import type { FuzzTarget, Incident } from './target.js';

interface Finding {
  label: string;
  problems: string[];
  status: number;
  request: { method: string; path: string; headers: Record<string, string>; body?: string };
  response: string;
  /** The whole request as sent (kept for the first findings only), to replay it. */
  sent?: { method: string; path: string; headers: Record<string, string>; body?: string };
}

export interface FuzzReport {
  seed: number;
  cases: number;
  requests: number;
  /** Where the REST operations came from: the served OpenAPI document, or the provisional one. */
  document: 'served' | 'provisional';
  restOperations: number;
  graphqlFields: number;
  /** Generated requests node:http refused to send (not a finding; a high count means the generators waste cases). */
  clientRefused: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  findings: Finding[];
  incidents: Incident[];
  /** The health check after the run answered 200 and GraphQL still executes. */
  alive: boolean;
  /** The service stopped answering: the first request it left unanswered (the rest of the run was skipped). */
  stalledAt?: Finding['request'] & { label: string };
  /** Labels of every REST operation and GraphQL root field that got at least one case. */
  touched: Set<string>;
}

/** `GET /v1/openapi.json` when the service serves it (the contract), else a document built from `restRoutes`. */
async function loadDocument(url: string): Promise<{ doc: OpenApiDocument; served: boolean }> {
  const r = await send(url, { label: 'openapi', method: 'GET', path: '/v1/openapi.json', headers: {} });
  if (r.status === 200) return { doc: JSON.parse(r.text) as OpenApiDocument, served: true };
  if (r.status !== 404) throw new Error(`GET /v1/openapi.json answered ${r.status}: ${r.text.slice(0, 200)}`);
  return { doc: provisionalDocument(restRoutes), served: false };
}

const short = (s: string | Buffer | undefined, max = 600) => {
  if (s === undefined) return undefined;
  const t = typeof s === 'string' ? s : s.toString('utf8');
  return t.length > max ? `${t.slice(0, max)}… (${t.length} chars)` : t;
};

/**
 * Runs `runs` generated cases spread evenly over every REST operation and GraphQL root field (so a short run
 * still touches them all), each sent without a key, with the owner's valid test key, and with the generated
 * key when that is another one. Never stops at the first problem: every finding is collected.
 */
export async function fuzz(
  target: FuzzTarget,
  schema: GraphQLSchema,
  opts: { runs: number; seed: number; onProgress?: (done: number) => void },
): Promise<FuzzReport> {
  const { doc, served } = await loadDocument(target.url);
  const ops: Operation[] = operationsOf(doc, served);
  const gql = graphqlCases(schema, target);
  const units: Array<{ label: string; arb: fc.Arbitrary<HttpCase> }> = [
    ...ops.map((op) => ({ label: `${op.method} ${op.path}`, arb: restCase({ target, doc }, op) })),
    ...gql.perField,
    { label: 'graphql malformed document', arb: gql.malformed },
  ];
  const report: FuzzReport = {
    seed: opts.seed,
    cases: 0,
    requests: 0,
    document: served ? 'served' : 'provisional',
    restOperations: ops.length,
    graphqlFields: rootFields(schema).length,
    clientRefused: 0,
    serverErrors: 0,
    findings: [],
    incidents: target.incidents,
    alive: false,
    touched: new Set(),
  };
  const perUnit = Math.max(1, Math.ceil(opts.runs / units.length));
  const unanswered: Array<Finding['request'] & { label: string }> = [];
  for (const [i, unit] of units.entries()) {
    await fc.assert(
      fc.asyncProperty(unit.arb, async (c) => {
        if (report.stalledAt) return true;
        report.cases++;
        report.touched.add(unit.label);
        const variants = keyVariants(c, target.keys.owner);
        for (const v of variants) {
          const r: HttpResult = await send(target.url, v);
          report.requests++;
          if (r.error?.startsWith('client refused')) report.clientRefused++;
          if (r.error?.startsWith('no answer within')) {
            // Three unanswered requests in a row: the service is stuck; say where it started and stop.
            unanswered.push({ label: v.label, method: v.method, path: short(v.path, 2_000)!, headers: v.headers, body: short(v.body, 20_000) });
            if (unanswered.length >= 3) {
              report.stalledAt = unanswered[0];
              return true;
            }
          } else unanswered.length = 0;
          if (r.status >= 500) report.serverErrors++;
          const problems = checkAnswer(v, r);
          if (problems.length) {
            report.findings.push({
              label: v.label,
              problems,
              status: r.status,
              request: {
                method: v.method,
                path: short(v.path, 300)!,
                headers: Object.fromEntries(Object.entries(v.headers).map(([k, h]) => [k, short(h, 120)!])),
                body: short(v.body),
              },
              response: short(r.text, 300) ?? '',
              sent:
                report.findings.length < 100
                  ? { method: v.method, path: v.path, headers: v.headers, body: v.body === undefined ? undefined : String(v.body) }
                  : undefined,
            });
          }
        }
        opts.onProgress?.(report.cases);
        return true;
      }),
      { seed: opts.seed + i, numRuns: perUnit, endOnFailure: true },
    );
  }
  report.alive = await isAlive(target.url);
  return report;
}

/** The case as generated, plus the same without a key and with the valid test key. */
function keyVariants(c: HttpCase, validKey: string): HttpCase[] {
  const { 'x-api-key': generated, ...rest } = c.headers;
  const out: HttpCase[] = [
    { ...c, headers: rest },
    { ...c, headers: { ...rest, 'x-api-key': validKey } },
  ];
  if (generated !== undefined && generated !== validKey) out.push(c);
  return out;
}

/** The process still answers: health is 200 and a GraphQL query executes. */
async function isAlive(url: string): Promise<boolean> {
  const health = await send(url, { label: 'health', method: 'GET', path: '/v1/health', headers: {} });
  const gql = await send(url, {
    label: 'health',
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  return health.status === 200 && gql.status === 200 && JSON.parse(gql.text)?.data?.__typename === 'Query';
}

/** Groups findings by label and first problem, for a readable summary. */
export function summarize(report: FuzzReport, maxExamples = 3): string {
  const groups = new Map<string, Finding[]>();
  for (const f of report.findings) {
    const k = `${f.label} — ${f.problems[0].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').slice(0, 160)}`;
    groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  const lines = [
    `fuzz: seed ${report.seed}, ${report.cases} cases, ${report.requests} requests over ${report.restOperations} REST operations (${report.document} OpenAPI document) and ${report.graphqlFields} GraphQL root fields`,
    ...(report.stalledAt ? [`THE SERVICE STOPPED ANSWERING; first unanswered request: ${JSON.stringify(report.stalledAt)}`] : []),
    `5xx responses: ${report.serverErrors}; requests node:http refused to send: ${report.clientRefused}; findings: ${report.findings.length}; incidents (error logs, unhandled rejections): ${report.incidents.length}; alive after the run: ${report.alive}`,
  ];
  for (const [k, fs] of groups) {
    lines.push(`\n× ${fs.length}  ${k}`);
    for (const f of fs.slice(0, maxExamples))
      lines.push(JSON.stringify({ request: f.request, status: f.status, problems: f.problems, response: f.response }, null, 1).replace(/\n\s*/g, ' '));
  }
  for (const inc of report.incidents.slice(0, 20)) lines.push(`\n! ${inc.kind}${inc.requestId ? ` (${inc.requestId})` : ''}: ${inc.message}`);
  return lines.join('\n');
}
