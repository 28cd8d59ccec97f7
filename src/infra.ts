import type { Config } from './config.js';
import type { Handles } from './handles.js';
import type { RequestObservers } from './http/observe.js';
import type { Metrics } from './telemetry/metrics.js';

/**
 * What the composition root and the transports hold: the process-wide handles (src/handles.ts) and the whole
 * configuration, the observation point of answered requests, and the metrics when they are served (ADMIN_TOKEN or
 * METRICS_PORT set; undefined otherwise, and nothing is counted). Domains never see this: each gets the handles it
 * names and its own config slice, and exposes hooks the root wires to the metrics.
 */
export interface Infra extends Handles {
  config: Config;
  /** Every answered request and WebSocket operation (src/http/observe.ts): metrics, status signals. */
  requests: RequestObservers;
  metrics?: Metrics;
}
