import type { Config } from './config.js';
import type { Logger } from './log.js';
import type { Clock } from './clock.js';
import type { Prisma } from './db/client.js';
import type { PgPubSub } from './db/pubsub.js';

/**
 * The process-wide pieces every domain may need besides its collaborators. A service names the part it uses
 * (`Pick<Infra, 'prisma' | 'clock'>`), so a unit test hands it exactly that; src/services.ts passes them.
 */
export interface Infra {
  config: Config;
  log: Logger;
  clock: Clock;
  prisma: Prisma;
  /** Live updates across instances (Postgres LISTEN/NOTIFY). */
  pubsub: PgPubSub;
}
