import { z } from 'zod';
import { isoDateTimeString, requestBody, safeText } from '../validation.js';
import { INCIDENT_IMPACTS } from './classify.js';
import { INCIDENT_KINDS, STATUS_INCIDENT_STATUSES } from './state.js';

/** Incident and maintenance ids: `sti_` and base62. */
export const STATUS_INCIDENT_ID = /^sti_[0-9A-Za-z]{10,40}$/;

const AFFECTED_IMPACTS = [...INCIDENT_IMPACTS, 'under_maintenance'] as const;

const affected = z
  .array(
    z.strictObject({
      id: safeText(64).meta({ description: 'A component id of `GET /v1/status` (`api`, `provider:lifi`, `rpc:8453`, `webhooks`).' }),
      impact: z.enum(AFFECTED_IMPACTS).optional().meta({
        description:
          'Incidents: how the component is affected (`degraded_performance`, `partial_outage`, `major_outage`; required). Maintenance: `under_maintenance` (the default and only value).',
      }),
    }),
  )
  .max(50)
  .meta({ description: 'The components affected, each once (at most 50).' });

const title = safeText(200).meta({ description: 'A short headline shown on the status page (1 to 200 characters).' });
const message = safeText(5000).meta({ description: 'What is known and what is being done, for the public (1 to 5000 characters).' });

/** POST /v1/admin/status/incidents and GraphQL `adminCreateStatusIncident`. */
export const createIncidentSchema = requestBody({
  kind: z.enum(INCIDENT_KINDS).meta({ description: '`incident` (something is wrong) or `maintenance` (planned work in a window).' }),
  title,
  message,
  status: z.enum(STATUS_INCIDENT_STATUSES).optional().meta({
    description:
      'Where it starts: an incident `investigating` (default), `identified`, `monitoring` or `resolved`; a maintenance `scheduled` (default) or `in_progress`.',
  }),
  components: affected.default([]),
  scheduledStartAt: isoDateTimeString.optional().meta({ description: 'Maintenance only (required): when the window opens.' }),
  scheduledEndAt: isoDateTimeString.optional().meta({ description: 'Maintenance only (required): when the window closes; after its start.' }),
});
export type CreateIncident = z.output<typeof createIncidentSchema>;

/** POST /v1/admin/status/incidents/{id}/updates and GraphQL `adminUpdateStatusIncident`. */
export const updateIncidentSchema = requestBody({
  status: z.enum(STATUS_INCIDENT_STATUSES).meta({
    description:
      'The status it moves to (or stays in, for a new message): investigating, identified, monitoring, resolved (incidents); scheduled, in_progress, completed (maintenance).',
  }),
  message,
  components: affected.optional().meta({ description: 'The components affected from now on, replacing the list (unchanged when absent).' }),
  scheduledStartAt: isoDateTimeString.optional().meta({ description: 'Maintenance only: a new start of the window.' }),
  scheduledEndAt: isoDateTimeString.optional().meta({ description: 'Maintenance only: a new end of the window.' }),
});
export type UpdateIncident = z.output<typeof updateIncidentSchema>;

/** GET /v1/admin/status/incidents and GraphQL `adminStatusIncidents`: newest first. */
export const listIncidentsSchema = z.object({
  kind: z.enum(INCIDENT_KINDS).optional().meta({ description: 'Only incidents or only maintenance.' }),
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .meta({ description: '`true`: only those not resolved or completed; `false`: only those that are.' }),
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'Per page, 1 to 100 (default 25).' }),
  cursor: safeText(200).optional().meta({ description: "The previous page's `nextCursor`." }),
});
export type ListIncidents = z.output<typeof listIncidentsSchema>;
