/**
 * What the metrics add to each request: the observation the HTTP layer makes once a request is answered
 * (src/http/server.ts → RequestObservers → Metrics.observeRequest: the label lookup and one histogram observation),
 * against the same loop with no observer (metrics off). Prints the cost per request and the heap it allocates.
 *
 *   node_modules/.bin/tsx bench/metrics-observe.ts                   # 2,000,000 requests
 *   BENCH_REQUESTS=500000 node_modules/.bin/tsx bench/metrics-observe.ts
 */
import type { AnsweredRequest } from '../src/http/observe.js';
import { RequestObservers } from '../src/http/observe.js';
import { createLogger } from '../src/log.js';
import { Metrics } from '../src/telemetry/metrics.js';
import { size } from './bench-util.js';

const N = size(process.env.BENCH_REQUESTS, 2_000_000, 50_000);

// A realistic mix: a few REST templates, statuses, GraphQL over HTTP with a documented and an unknown operation.
const requests: AnsweredRequest[] = [
  { method: 'GET', route: '/v1/quote', status: 200, ms: 41.2 },
  { method: 'POST', route: '/v1/orders', status: 201, ms: 12.5 },
  { method: 'GET', route: '/v1/checkout/sessions/:id', status: 404, ms: 2.1 },
  { method: 'POST', route: 'graphql', operation: 'DashboardOrders', status: 200, ms: 8.4 },
  { method: 'POST', route: 'graphql', operation: 'SomethingElse', status: 200, errorCode: 'INVALID_PARAMS', ms: 1.3 },
  { method: 'GET', route: undefined, status: 404, ms: 0.4 },
  { method: 'GET', route: 'page:/pay', status: 200, ms: 3.3 },
  { method: 'GET', route: '/v1/health', status: 200, ms: 0.2 },
];

function run(observers: RequestObservers, n: number): { nsPerRequest: number; bytesPerRequest: number } {
  for (let i = 0; i < 50_000; i++) if (observers.active) observers.emit(requests[i & 7]); // warm-up (JIT, label objects)
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed;
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) if (observers.active) observers.emit(requests[i & 7]);
  const ns = Number(process.hrtime.bigint() - t);
  return { nsPerRequest: ns / n, bytesPerRequest: Math.max(0, process.memoryUsage().heapUsed - heap) / n };
}

const off = run(new RequestObservers(() => {}), N);
const on = new RequestObservers((err) => {
  throw err;
});
const metrics = new Metrics(createLogger('silent'));
on.add((r) => metrics.observeRequest(r));
const measured = run(on, N);
const fmt = (r: { nsPerRequest: number; bytesPerRequest: number }) => `${r.nsPerRequest.toFixed(0)} ns/request`;
console.log(`metrics off: ${fmt(off)}`);
console.log(
  `metrics on:  ${fmt(measured)} (+${(measured.nsPerRequest - off.nsPerRequest).toFixed(0)} ns per request; heap growth ~${measured.bytesPerRequest.toFixed(0)} B/request before GC)`,
);
// The scrape still renders what was counted.
const text = await metrics.render();
if (!text.includes('swapgate_http_request_duration_seconds_count{route="/v1/quote",method="GET",status="200"}')) {
  console.error('request failed: the observed requests are missing from the scrape');
  process.exit(1);
}
