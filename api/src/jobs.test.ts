import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startJob, type Job } from './jobs.ts';

/** A run the test finishes by hand. */
function controllable() {
  const runs: { done: () => void; fail: (err: Error) => void }[] = [];
  let inFlight = 0;
  let most = 0;
  const run = () =>
    new Promise<void>((resolve, reject) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const end = () => inFlight--;
      runs.push({ done: () => (end(), resolve()), fail: (err) => (end(), reject(err)) });
    });
  return { run, runs, mostAtOnce: () => most };
}

const logger = () => ({ error: vi.fn() });

describe('startJob', () => {
  let job: Job | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    void job?.stop(); // not awaited: a test may leave its run open
    job = undefined;
    vi.useRealTimers();
  });

  it('runs at once, then everyMs after each run ends, never two at a time', async () => {
    const c = controllable();
    job = startJob({ name: 'test job', everyMs: 1000, run: c.run, logger: logger() });
    expect(c.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000); // the first run is still going: no second one
    expect(c.runs).toHaveLength(1);
    c.runs[0].done();
    await vi.advanceTimersByTimeAsync(999);
    expect(c.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.runs).toHaveLength(2);
    c.runs[1].done();
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.runs).toHaveLength(3);
    expect(c.mostAtOnce()).toBe(1);
  });

  it('logs a failed run under its name and runs again', async () => {
    const c = controllable();
    const log = logger();
    job = startJob({ name: 'test job', everyMs: 1000, run: c.run, logger: log });
    const boom = new Error('boom');
    c.runs[0].fail(boom);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledWith({ err: boom }, 'test job failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.runs).toHaveLength(2);
  });

  it('logs what errorForLog keeps of a failure', async () => {
    const log = logger();
    job = startJob({
      name: 'test job',
      everyMs: 1000,
      run: async () => {
        throw new Error('declined');
      },
      logger: log,
      errorForLog: (err) => (err as Error).message,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledWith({ err: 'declined' }, 'test job failed');
  });

  it('stop() waits for the run in flight and no run starts after it', async () => {
    const c = controllable();
    const j = startJob({ name: 'test job', everyMs: 1000, run: c.run, logger: logger() });
    let stopped = false;
    const stopping = j.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // the run is still going
    c.runs[0].done();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.runs).toHaveLength(1);
  });

  it('stop() between runs resolves at once and cancels the next run', async () => {
    const c = controllable();
    const j = startJob({ name: 'test job', everyMs: 1000, run: c.run, logger: logger() });
    c.runs[0].done();
    await vi.advanceTimersByTimeAsync(500);
    await j.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.runs).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
