import { createServer } from 'node:http';
import type { Logger } from '../log.js';
import type { Metrics } from './metrics.js';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `/metrics` on a port of its own (METRICS_PORT, bound to METRICS_HOST): no token, so only what can reach the port
 * scrapes it (loopback by default; a private interface for a Prometheus on the network). Anything else is a 404.
 */
export async function startMetricsServer(metrics: Metrics, o: { port: number; host: string; log: Logger }): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Not found: this port serves GET /metrics only\n');
    }
    metrics.render().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err) => {
        o.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : o.port;
  return {
    url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}/metrics`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
