// Runs `prisma generate` offline. Prisma 7's CLI insists on a schema engine binary even though
// generate does not use it, and that binary cannot be downloaded here, so any existing file stands in.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(new URL('../prisma/schema.prisma', import.meta.url))) process.exit(0);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const bin = new URL('../node_modules/.bin/prisma', import.meta.url);
const r = spawnSync(fileURLToPath(bin), ['generate'], { cwd: root, env, stdio: 'inherit' });
process.exit(r.status ?? 1);
