import type { Job } from '../jobs/runner.js';
import type { RequestLogsService } from './service.js';

const REQUEST_LOG_RETENTION_JOB = 'request-logs.retention';

/** Hourly: deletes request logs past REQUEST_LOG_RETENTION_DAYS and usage roll-ups past USAGE_RETENTION_DAYS. */
export function requestLogRetentionJob(d: { requestLogs: Pick<RequestLogsService, 'deleteExpired'> }): Job {
  return { name: REQUEST_LOG_RETENTION_JOB, intervalMs: 3600_000, run: async (signal) => void (await d.requestLogs.deleteExpired(signal)) };
}
