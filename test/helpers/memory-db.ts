import { createDb, type Db } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { createLogger } from '../../src/log.js';
import { loadConfig, type Config } from '../../src/config.js';

/**
 * For unit tests of one domain service: an in-memory PGlite database with every migration applied (the
 * service's own tables), and a config with test defaults. Collaborators are the test's own fakes.
 */
export async function memoryDb(): Promise<Db> {
  const db = await createDb({ dataDir: 'memory://' });
  await migrate(db);
  return db;
}

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    PROVIDERS: 'none',
    STATUS_PROBE_INTERVAL_MS: '0',
    STATUS_ROLLUP_INTERVAL_MS: '0',
    PUBLIC_URL: 'http://localhost:8787',
    ...env,
  });

export const silentLog = createLogger('silent');
