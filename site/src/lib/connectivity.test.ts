import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeConnectivity } from './connectivity.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fetch that answers `status` after `delay` ms, or rejects when its signal aborts first. */
function slowFetch(status: number, delay: number) {
  return vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(new Response(null, { status })), delay);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  );
}

describe('probeConnectivity', () => {
  it('sends HEAD /favicon.ico without the cache', async () => {
    vi.useFakeTimers();
    const fetch = slowFetch(200, 100);
    vi.stubGlobal('fetch', fetch);
    const result = probeConnectivity();
    await vi.advanceTimersByTimeAsync(100);
    expect(await result).toEqual({ isOnline: true, hasGoodConnection: true, latency: 100 });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/favicon.ico');
    expect(init).toMatchObject({ method: 'HEAD', cache: 'no-store' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('calls a slow answer (3000 ms or more) online but not good', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', slowFetch(200, 3000));
    const result = probeConnectivity();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await result).toEqual({ isOnline: true, hasGoodConnection: false, latency: 3000 });
  });

  it('counts a non-ok answer as offline', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', slowFetch(503, 10));
    const result = probeConnectivity();
    await vi.advanceTimersByTimeAsync(10);
    expect(await result).toMatchObject({ isOnline: false, hasGoodConnection: false });
  });

  it('aborts after 5 s and reports offline', async () => {
    vi.useFakeTimers();
    const fetch = slowFetch(200, 60_000);
    vi.stubGlobal('fetch', fetch);
    const result = probeConnectivity();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toEqual({ isOnline: false, hasGoodConnection: false, latency: 5000 });
    expect(fetch.mock.calls[0]![1]?.signal?.aborted).toBe(true);
  });

  it('reports offline when fetch rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await probeConnectivity()).toMatchObject({ isOnline: false, hasGoodConnection: false });
  });
});
