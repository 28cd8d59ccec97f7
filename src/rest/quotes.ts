import type { Route } from './router.js';
import { queryObject } from '../validation.js';
import { QUOTE_WEIGHT } from '../ratelimit/weights.js';

/** GET /v1/quote: public, or with a key (partner keys carry the partner's fee). */
export const quoteRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/quote',
    access: 'optionalKey',
    rateLimit: { weight: QUOTE_WEIGHT },
    handler: ({ services, query, auth }) => services.quotes.quote(queryObject(query) as never, { auth }),
  },
];
