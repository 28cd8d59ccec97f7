import { z } from 'zod';
import { reply, type Route } from './router.js';
import { json } from '../openapi/route-doc.js';
import { sameShape } from '../openapi/same-shape.js';
import type { Services } from '../services.js';

const healthSchema = z.object({ ok: z.boolean(), providers: z.array(z.string()).meta({ description: 'Provider ids loaded in this instance.' }) });

sameShape<z.output<typeof healthSchema>, ReturnType<Services['health']>>(true);

const check = <T extends z.ZodRawShape>(description: string, extra: T) =>
  z
    .object({
      ok: z.boolean().meta({ description: 'Whether this check passed.' }),
      problem: z.string().optional().meta({ description: 'Why it failed, in a few words (absent when it passed).' }),
      ...extra,
    })
    .meta({ description });

const readinessSchema = z.object({
  ready: z.boolean().meta({ description: 'Every check passed: send this instance traffic.' }),
  checks: z.object({
    database: check('The database answers a query (within 2 s).', {
      ms: z.number().optional().meta({ description: 'How long the query took, in milliseconds (when it answered).' }),
    }),
    migrations: check('Every migration of this build is applied.', {
      pending: z.number().int().optional().meta({ description: 'Migrations of this build not applied yet (when the table could be read).' }),
    }),
    pubsub: check('The LISTEN connection that carries live updates and job wake-ups between instances is up.', {}),
  }),
});

sameShape<z.output<typeof readinessSchema>, Awaited<ReturnType<Services['ready']>>>(true);

const READY = {
  ready: true,
  checks: { database: { ok: true, ms: 0.8 }, migrations: { ok: true, pending: 0 }, pubsub: { ok: true } },
};
const NOT_READY = {
  ready: false,
  checks: {
    database: { ok: true, ms: 1.1 },
    migrations: { ok: false, pending: 1, problem: '1 migration(s) of this build are not applied' },
    pubsub: { ok: true },
  },
};

export const healthRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/health',
    access: 'public',
    scope: 'public',
    handler: ({ services }) => services.health(),
    doc: {
      operationId: 'getHealth',
      tag: 'Meta',
      summary: 'Liveness and loaded providers',
      description:
        'Liveness: the process answers. It checks nothing else, so an orchestrator restarts the instance only when the process itself is stuck; `/v1/ready` says whether it should get traffic.',
      responses: {
        200: json('The instance is up.', healthSchema, { up: { ok: true, providers: ['relay', 'debridge', 'lifi', 'jupiter', '0x', 'kyberswap'] } }),
      },
      examples: { health: { summary: 'Check the instance' } },
    },
  },
  {
    method: 'GET',
    path: '/v1/ready',
    access: 'public',
    scope: 'public',
    handler: async ({ services }) => {
      const r = await services.ready();
      return r.ready ? r : reply(503, r);
    },
    doc: {
      operationId: 'getReadiness',
      tag: 'Meta',
      summary: 'Readiness: database, migrations, pubsub',
      description:
        'Readiness, for load balancers and orchestrators: 200 when the database answers, every migration of this build is applied and the pubsub LISTEN connection is up; 503 with the same body, naming the failed checks, otherwise (take the instance out of rotation, do not restart it). Two small queries, no write. See docs/operations.md.',
      responses: {
        200: json('Ready for traffic.', readinessSchema, { ready: READY }),
        503: json('Not ready: the failed checks say why.', readinessSchema, { notReady: NOT_READY }),
      },
      examples: { ready: { summary: 'Ask whether the instance takes traffic' } },
    },
  },
];
