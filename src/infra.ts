import type { Config } from './config.js';
import type { Handles } from './handles.js';

/**
 * What the composition root and the transports hold: the process-wide handles (src/handles.ts) and the whole
 * configuration. Domains never see this: each gets the handles it names and its own config slice.
 */
export interface Infra extends Handles {
  config: Config;
}
