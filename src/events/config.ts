import { z } from 'zod';

export const eventsEnv = {
  /**
   * Events (and their webhook deliveries and attempts) are kept this many days, then deleted; an event
   * with a delivery still pending is kept until that delivery ends. `GET /v1/events/{id}` of a deleted
   * event is NOT_FOUND.
   */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
};
