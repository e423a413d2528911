import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import {
  type BoundsOptions,
  type CallVerdict,
  CircuitOpenError,
  ProviderBusyError,
  providerBounds,
  ProviderTimeoutError,
} from './bounds.ts';
import { providerHttp } from './http-client.ts';
import type { CircuitState, ProviderCallOutcome, ProviderObserver } from './provider-observer.ts';

/** What a provider reported: every call's outcome and every circuit change. */
function recorder() {
  const calls: ProviderCallOutcome[] = [];
  const circuits: CircuitState[] = [];
  const observer: ProviderObserver = {
    call: (_provider, outcome) => calls.push(outcome),
    circuit: (_provider, state) => circuits.push(state),
    inFlight() {},
  };
  return { calls, circuits, observer };
}

/** Bounds for a test: SMS, 1 s time-outs, one call at a time, unless `options` say otherwise. */
const bounded = (options: Partial<BoundsOptions>) =>
  providerBounds({ provider: 'sms', connectTimeoutMs: 1000, totalTimeoutMs: 1000, concurrency: 1, ...options });

const fail = () => Promise.reject(new Error('gateway down'));
const succeed = () => Promise.resolve('sent');

describe('the circuit', () => {
  const start = new Date('2026-11-29T06:00:00Z');

  it('opens after 5 failures in a row, refuses without calling, and tries once again after its back-off', async () => {
    const clock = fixedClock(start);
    const { calls, circuits, observer } = recorder();
    // random() = 1: the back-off at its full length (jitter takes up to a quarter off).
    const bounds = bounded({ concurrency: 4, observer, clock, random: () => 0.999_999 });
    for (let i = 0; i < 4; i++) await expect(bounds.run(fail)).rejects.toThrow('gateway down');
    expect(bounds.state()).toBe('closed');
    await expect(bounds.run(fail)).rejects.toThrow('gateway down');
    expect(bounds.state()).toBe('open');
    expect(bounds.gate.isOpen()).toBe(true);

    let attempted = false;
    const refused = bounds.run(async () => {
      attempted = true;
      return 'sent';
    });
    await expect(refused).rejects.toBeInstanceOf(CircuitOpenError);
    expect(attempted).toBe(false);
    expect(calls.at(-1)).toBe('circuit_open');

    // 5 s back-off: still open just before it ends.
    clock.advance(4_900);
    expect(bounds.gate.isOpen()).toBe(true);
    clock.advance(100);
    expect(bounds.gate.isOpen()).toBe(false);
    expect(bounds.state()).toBe('half_open');

    // One trial; a second call meanwhile is refused.
    let finishTrial!: (value: string) => void;
    const trial = bounds.run(() => new Promise<string>((resolve) => (finishTrial = resolve)));
    await expect(bounds.run(succeed)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(bounds.gate.isOpen()).toBe(true);
    finishTrial('sent');
    await expect(trial).resolves.toBe('sent');
    expect(bounds.state()).toBe('closed');
    expect(bounds.gate.isOpen()).toBe(false);
    await expect(bounds.run(succeed)).resolves.toBe('sent');
    expect(circuits).toEqual(['open', 'half_open', 'closed']);
  });

  it('a failed trial opens it again for twice as long, up to 5 minutes', async () => {
    const clock = fixedClock(start);
    const bounds = bounded({ provider: 'push', failureThreshold: 2, clock, random: () => 0.999_999 });
    await expect(bounds.run(fail)).rejects.toThrow();
    await expect(bounds.run(fail)).rejects.toThrow();
    const backoffs: number[] = [];
    for (let round = 0; round < 8; round++) {
      let waited = 0;
      while (bounds.gate.isOpen()) {
        clock.advance(500);
        waited += 500;
      }
      backoffs.push(waited);
      await expect(bounds.run(fail)).rejects.toThrow('gateway down'); // the trial, failing
    }
    expect(backoffs).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
  });

  it('jitters the back-off between 75% and 100% of its length', async () => {
    const clock = fixedClock(start);
    const bounds = bounded({ failureThreshold: 1, clock, random: () => 0 });
    await expect(bounds.run(fail)).rejects.toThrow();
    clock.advance(3_700);
    expect(bounds.gate.isOpen()).toBe(true);
    clock.advance(50);
    expect(bounds.gate.isOpen()).toBe(false);
  });

  it('an answer that is a refusal (judged answered) keeps it closed; a 5xx-like verdict counts', async () => {
    const bounds = bounded({ provider: 'paystack', failureThreshold: 2 });
    const declined = () => Promise.reject(Object.assign(new Error('card declined'), { answered: true }));
    const judgeError = (err: unknown): CallVerdict =>
      (err as { answered?: boolean }).answered ? 'answered' : 'failed';
    for (let i = 0; i < 5; i++) await expect(bounds.run(declined, { judgeError })).rejects.toThrow('declined');
    expect(bounds.state()).toBe('closed');
    const judge = (): CallVerdict => 'failed';
    await bounds.run(succeed, { judge });
    await bounds.run(succeed, { judge });
    expect(bounds.state()).toBe('open');
  });
});

describe('the concurrency cap', () => {
  it('runs at most `concurrency` at once, lets a few wait briefly, and refuses the rest at once', async () => {
    const running: (() => void)[] = [];
    const hold = () => new Promise<string>((resolve) => running.push(() => resolve('done')));
    const bounds = bounded({ totalTimeoutMs: 10_000, concurrency: 2, maxWaiting: 1, maxWaitMs: 5_000 });
    const first = bounds.run(hold);
    const second = bounds.run(hold);
    const third = bounds.run(hold); // waits
    const started = performance.now();
    await expect(bounds.run(hold)).rejects.toBeInstanceOf(ProviderBusyError);
    expect(performance.now() - started).toBeLessThan(100);
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toHaveLength(2);
    running[0]();
    await expect(first).resolves.toBe('done');
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toHaveLength(3); // the waiting call took the place
    running[1]();
    running[2]();
    await expect(Promise.all([second, third])).resolves.toEqual(['done', 'done']);
  });

  it('a call that waited its longest for a place is refused', async () => {
    const bounds = bounded({ totalTimeoutMs: 10_000, maxWaitMs: 100 });
    let release!: () => void;
    const holding = bounds.run(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(bounds.run(succeed)).rejects.toBeInstanceOf(ProviderBusyError);
    release();
    await holding;
    await expect(bounds.run(succeed)).resolves.toBe('sent');
  });
});

describe('time-outs', () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A server that accepts the connection and then says nothing at all (no TLS handshake, no HTTP answer). */
  async function silentServer(onData?: (socket: Socket) => void): Promise<number> {
    const server = createServer((socket) => {
      sockets.push(socket);
      if (onData) socket.once('data', () => onData(socket));
    });
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as AddressInfo).port;
  }

  it('abandons work that outlasts the total time-out, aborting its signal', async () => {
    const { calls, observer } = recorder();
    const bounds = bounded({ connectTimeoutMs: 100, totalTimeoutMs: 200, observer });
    let aborted = false;
    const started = performance.now();
    await expect(
      bounds.run(
        (signal) =>
          new Promise(() => {
            signal.addEventListener('abort', () => (aborted = true));
          }),
      ),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(aborted).toBe(true);
    expect(calls).toEqual(['timeout']);
    // The place was given back.
    await expect(bounds.run(succeed)).resolves.toBe('sent');
  });

  it('gives up on a TLS handshake that never completes after the connect time-out', async () => {
    const port = await silentServer();
    const { calls, observer } = recorder();
    const http = providerHttp({
      provider: 'paystack',
      connectTimeoutMs: 300,
      totalTimeoutMs: 20_000,
      concurrency: 1,
      observer,
    });
    const started = performance.now();
    const failure = await http.request(`https://127.0.0.1:${port}/transaction/verify/x`).catch((err) => err);
    const took = performance.now() - started;
    expect(failure).toBeInstanceOf(Error);
    expect(took).toBeGreaterThanOrEqual(250);
    // undici checks connect time-outs on a coarse timer; the total time-out would take 20 s.
    expect(took).toBeLessThan(5_000);
    expect(calls).toEqual(['timeout']);
  });

  it('gives up on a server that takes the request and never answers after the total time-out', async () => {
    const port = await silentServer();
    const { calls, observer } = recorder();
    const http = providerHttp({
      provider: 'sms',
      connectTimeoutMs: 300,
      totalTimeoutMs: 500,
      concurrency: 1,
      observer,
    });
    const started = performance.now();
    await expect(
      http.request(`http://127.0.0.1:${port}/api/v2/sms/send`, { method: 'POST', body: '{}' }),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(calls).toEqual(['timeout']);
  });

  it('gives up on an answer whose body never ends after the total time-out', async () => {
    const port = await silentServer((socket) =>
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"status":'),
    );
    const http = providerHttp({ provider: 'sms', connectTimeoutMs: 300, totalTimeoutMs: 500, concurrency: 1 });
    const started = performance.now();
    await expect(http.request(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
