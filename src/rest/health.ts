import { z } from 'zod';
import type { Route } from './router.js';
import { json } from '../openapi/route-doc.js';
import { sameShape } from '../openapi/same-shape.js';
import type { Services } from '../services.js';

const healthSchema = z.object({ ok: z.boolean(), providers: z.array(z.string()).meta({ description: 'Provider ids loaded in this instance.' }) });

sameShape<z.output<typeof healthSchema>, ReturnType<Services['health']>>(true);

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
      summary: 'Health and loaded providers',
      responses: {
        200: json('The instance is up.', healthSchema, { up: { ok: true, providers: ['relay', 'debridge', 'lifi', 'jupiter', '0x', 'kyberswap'] } }),
      },
      examples: { health: { summary: 'Check the instance' } },
    },
  },
];
