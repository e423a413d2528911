/**
 * One autocannon measurement as the benches take it (bench/api-throughput.ts, bench/events.ts): a
 * short warm-up, then the measured run, each followed by one more request that queues behind
 * whatever the server still had to work off, so the next run starts on a quiet server.
 */
import autocannon from 'autocannon';
import { call } from './http.ts';

export type LoadRequest = { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  connections: number;
  /** Seconds measured (after a warm-up of up to 2 s). */
  duration: number;
  /**
   * Each connection repeats one of `requests` (its own account) instead of all going round the
   * list together, which would sign in to one account 50 times at once (refused past 10).
   */
  oneEach?: boolean;
}

export async function loadOnce(
  name: string,
  url: string,
  requests: LoadRequest[],
  { connections, duration, oneEach = false }: LoadOptions,
): Promise<LoadResult> {
  let next = 0;
  const setupClient = (client: { setRequests(r: LoadRequest[]): void }) =>
    client.setRequests([requests[next++ % requests.length]]);
  const run = (seconds: number) =>
    autocannon({
      url,
      connections,
      duration: seconds,
      requests,
      timeout: 30,
      ...(oneEach && { setupClient }),
    } as autocannon.Options) as unknown as Promise<autocannon.Result>;
  // autocannon stops counting at the end of a run, but the server still works off what it had
  // accepted: send the target's own request once more, which queues behind that backlog (the
  // database pool's queue, argon2's thread pool), before the next run starts.
  const [first] = requests;
  const drain = () =>
    call(new URL(first.path, url).href, { method: first.method ?? 'GET', headers: first.headers, body: first.body });
  process.stderr.write(`  … ${name}\n`);
  await run(Math.min(2, duration)); // warm-up: connections, JIT, the database's caches
  await drain();
  const r = await run(duration);
  await drain();
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
