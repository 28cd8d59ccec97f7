import type { IncomingMessage, ServerResponse } from 'node:http';
import { adminRefusal } from '../admin/service.js';
import { ApiError } from '../errors.js';
import type { HttpRateLimit } from './rate-limit.js';
import { headerValue } from './respond.js';
import type { HttpDeps, RequestState } from './types.js';

/**
 * `GET /metrics` on the main port: Prometheus's text format, for an operator's bearer token (ADMIN_TOKEN), exactly as
 * the admin routes are guarded: 404 while no ADMIN_TOKEN is configured (as if the path did not exist), 401 without a
 * matching token. With METRICS_PORT set, the metrics are served on that port instead and this path is a 404.
 */
export function metricsTransport(deps: HttpDeps, rate: HttpRateLimit) {
  const { services, config, metrics } = deps;
  const served = config.METRICS_PORT === undefined ? metrics : undefined;
  return async (req: IncomingMessage, res: ServerResponse, state: RequestState) => {
    // Counted at the gate like any request by address (a guessed token too).
    await rate.limit(req, res, state.rateLimit, null, { default: 1 });
    const access = services.admin.authenticate(headerValue(req.headers.authorization));
    if (!served || access.kind === 'disabled') throw new ApiError('NOT_FOUND', `No route for ${req.method} /metrics`);
    if (access.kind === 'refused') throw adminRefusal(access);
    if (state.method !== 'GET' && state.method !== 'HEAD')
      throw new ApiError('METHOD_NOT_ALLOWED', `${state.method} is not allowed on /metrics`, { allow: ['GET', 'HEAD'] });
    const text = await served.render();
    res.writeHead(200, { 'content-type': served.contentType, 'cache-control': 'no-store' });
    res.end(state.method === 'HEAD' ? undefined : text);
  };
}
