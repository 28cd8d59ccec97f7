import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON lines on stdout. Secrets never reach the logger: redaction is a second line of defence. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        'apiKey',
        'key',
        'secret',
        'password',
        'authorization',
        '*.apiKey',
        '*.secret',
        'headers["x-api-key"]',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
  });
}
