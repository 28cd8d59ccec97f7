import { createConnection } from 'node:net';

/** The Redis the Redis-backed tests use (CI sets TEST_REDIS_URL). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS_URL);
  const sock = createConnection({ host: u.hostname, port: Number(u.port || 6379) }, () => {
    sock.end();
    resolve(true);
  });
  sock.on('error', () => resolve(false));
  sock.setTimeout(1000, () => {
    sock.destroy();
    resolve(false);
  });
});

/** Required when TEST_REDIS_URL is set (then an unreachable Redis fails the run); otherwise run when one answers. */
export const withRedis = redisUp || !!process.env.TEST_REDIS_URL;
