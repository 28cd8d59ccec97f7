import { defineConfig } from 'prisma/config';

// Migrations are plain SQL folders applied by the service at start (src/db/migrate.ts),
// in the same layout and `_prisma_migrations` bookkeeping that `prisma migrate deploy` uses.
export default defineConfig({
  schema: 'prisma',
  migrations: { path: 'prisma/migrations' },
});
