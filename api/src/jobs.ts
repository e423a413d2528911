import type { Logger } from './logger.ts';

export interface Job {
  /** No run starts after this; resolves when the run in progress (if any) has ended. */
  stop(): Promise<void>;
}

export interface JobOptions {
  /** Names the job in the log: a failed run logs "<name> failed". */
  name: string;
  /** The pause between the end of one run and the start of the next. */
  everyMs: number;
  run: () => Promise<unknown>;
  logger: Pick<Logger, 'error'>;
  /** What of a failure goes into the log (default: the error itself). */
  errorForLog?: (err: unknown) => unknown;
}

/**
 * The background jobs' one runner (server.ts starts them): runs `run` now and then `everyMs` after
 * each run ends, so two runs of a job never overlap in a process. A failed run is logged and the
 * next one happens as usual. The timer does not keep the process alive. `stop()` lets shutdown
 * wait for a run in flight before it closes the database.
 */
export function startJob({ name, everyMs, run, logger, errorForLog = (err) => err }: JobOptions): Job {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    timer = undefined;
    running = (async () => {
      try {
        await run();
      } catch (err) {
        logger.error({ err: errorForLog(err) }, `${name} failed`);
      }
    })();
    void running.then(() => {
      if (stopped) return;
      timer = setTimeout(tick, everyMs);
      timer.unref();
    });
  };
  tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      return running;
    },
  };
}
