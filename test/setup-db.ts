import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { seedInMemoryDatabases } from '../src/db/client.js';

/**
 * Every in-memory PGlite database of the run starts from the dump of the database test/global-setup.ts migrated
 * (read once per worker, when a test first opens one) instead of running initdb and every migration again.
 */
const file = inject('pgliteSeed');
seedInMemoryDatabases(() => readFile(file));
