import { pino } from 'pino';

export type Logger = pino.Logger;

/** Paths whose values never reach a log line, whatever the log level. */
export const REDACTED_LOG_PATHS = [
  'password',
  '*.password',
  'shared_secret',
  '*.shared_secret',
  'sharedSecret',
  '*.sharedSecret',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'SAMLResponse',
  '*.SAMLResponse',
  'token',
  '*.token',
];

export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      base: { service: 'supply-hub' },
    },
    destination,
  );
}
