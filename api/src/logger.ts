import pino, { type DestinationStream, type Logger } from 'pino';
import sonicBoom from 'sonic-boom';

export type { Logger };

/** Log lines waiting for a slow reader beyond this are dropped rather than held in memory. */
const BACKLOG_BYTES = 4 * 1024 * 1024;
/** How long a shutdown waits for the log's reader to take what is still waiting. */
const FLUSH_WAIT_MS = 1000;

export interface LogOutput extends DestinationStream {
  /** Hands what is waiting to the reader, giving up after a second: never blocks the process. */
  settle(): Promise<void>;
}

/**
 * Standard output that never blocks the process. pino's own destination flushes
 * synchronously on exit and retries a full pipe forever: with a supervisor that stopped reading
 * (or `npm start | head`), the exit path waited on a futex and even the shutdown watchdog could
 * not fire. Here writes are asynchronous, a backlog past 4 MB is dropped, a closed pipe ends
 * logging, and the exit path writes nothing.
 */
export function stdoutLog(): LogOutput {
  // minLength 1 writes each line at once, as 0 would, but makes flush(cb) wait for the write.
  const out = new sonicBoom.SonicBoom({ fd: 1, sync: false, minLength: 1, maxLength: BACKLOG_BYTES });
  out.on('error', (err: NodeJS.ErrnoException) => {
    // EPIPE: the reader is gone for good; anything else is retried with the next line.
    if (err.code === 'EPIPE') out.write = () => true;
  });
  return Object.assign(out, {
    settle: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FLUSH_WAIT_MS);
        timer.unref();
        out.flush(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  });
}

/** JSON logs; secrets never reach them (ARCHITECTURE.md "Logging"). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          'password',
          'confirmPassword',
          '*.password',
          '*.token',
          'req.headers.authorization',
          'headers.authorization',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
