/**
 * Preloaded (`--import`) into the processes a test starts (benches in smoke mode, the dev server of the hints test): their in-memory PGlite
 * databases load the dump test/global-setup.ts migrated once for the run (TEST_PGLITE_SEED), as the test's own
 * databases do (test/setup-db.ts), instead of running initdb and every migration again (~5 s of CPU each).
 */
import { readFile } from 'node:fs/promises';
import { seedInMemoryDatabases } from '../../src/db/client.js';

const file = process.env.TEST_PGLITE_SEED;
if (file) seedInMemoryDatabases(() => readFile(file));
