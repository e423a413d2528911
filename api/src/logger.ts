import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** JSON logs; secrets never reach them (ARCHITECTURE decision 12). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['password', 'confirmPassword', '*.password', '*.token', 'req.headers.authorization', 'headers.authorization'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
