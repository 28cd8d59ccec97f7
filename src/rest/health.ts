import type { Route } from './router.js';

export const healthRoutes: Route[] = [
  { method: 'GET', path: '/v1/health', access: 'public', handler: ({ services }) => services.health() },
];
