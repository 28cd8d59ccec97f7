import type { Logger } from './log.js';
import type { Clock } from './clock.js';
import type { Prisma } from './db/client.js';
import type { PgPubSub } from './db/pubsub.js';

/**
 * The process-wide handles a domain may need besides its collaborators and its own settings. A service names the
 * part it uses (`Pick<Handles, 'prisma' | 'clock'>`), so a unit test hands it exactly that; the composition root
 * (src/services.ts) passes them, with each domain's config slice beside them.
 */
export interface Handles {
  log: Logger;
  clock: Clock;
  prisma: Prisma;
  /** Live updates across instances (Postgres LISTEN/NOTIFY). */
  pubsub: PgPubSub;
}
