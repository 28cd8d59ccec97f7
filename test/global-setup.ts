import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the real Postgres for the Postgres half of the matrix; null when skipped. */
    pgAdminUrl: string | null;
  }
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Every database test runs on PGlite and on a real Postgres. TEST_POSTGRES_URL makes the Postgres
 * half required (CI sets it); without it the default local server is used when it answers, and the
 * run says plainly when the Postgres half is skipped.
 */
export default async function setup(project: TestProject) {
  const explicit = process.env.TEST_POSTGRES_URL;
  const url = explicit ?? DEFAULT_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    project.provide('pgAdminUrl', url);
  } catch (err) {
    if (explicit) throw new Error(`TEST_POSTGRES_URL is set but Postgres is unreachable at ${url}: ${(err as Error).message}`);
    console.warn(`\n*** Postgres not reachable at ${url}: the Postgres half of the database tests is SKIPPED (PGlite half runs). ***\n`);
    project.provide('pgAdminUrl', null);
  } finally {
    await client.end().catch(() => {});
  }
}
