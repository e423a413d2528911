import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, route } from '../../../contract/route.ts';
import { keep } from '../lib/kept.ts';
import { ApiError, NetworkError } from '../lib/api.ts';
import { $connection } from './connection.ts';
import { tellNews } from './fake-news.test-helper.ts';
import { onUserEvent } from './events.ts';
import { loadStore, NEWS_SETTLE_MS, routeLoad } from './load-store.ts';
import { MapStorage } from './map-storage.test-helper.ts';
import { $session } from './session.ts';

vi.mock('./events.ts', async (actual) =>
  (await import('./fake-news.test-helper.ts')).withFakeNews(await actual<typeof import('./events.ts')>()),
);

/** A server whose answers the test gives: each read waits for `answer` or `refuse`. */
function fakeServer() {
  const reads: { signal: AbortSignal; resolve: (data: string) => void; reject: (error: Error) => void }[] = [];
  const read = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => reads.push({ signal, resolve, reject }));
  const last = () => reads[reads.length - 1];
  return {
    reads,
    read,
    answer: async (data: string) => {
      last().resolve(data);
      await Promise.resolve();
    },
    // A refusal (a 4xx) is not asked again (lib/api.ts withRetry).
    refuse: async (error: Error = new ApiError(403, 'down', null)) => {
      last().reject(error);
      await Promise.resolve();
    },
  };
}

const stores: ReturnType<typeof loadStore<string>>[] = [];
function storeOn(server: ReturnType<typeof fakeServer>, kept = false) {
  const store = loadStore(server.read, {
    failure: (error) => `Could not load (${(error as Error).message}).`,
    freshFor: 60_000,
    news: (refresh) => onUserEvent(['verification.decided'], refresh),
    keep: kept ? () => ({ name: 'record', account: 7 }) : undefined,
  });
  stores.push(store);
  return store;
}
const watch = (store: { $load: { listen: (listener: () => void) => () => void } }) =>
  store.$load.listen(() => undefined);

afterEach(() => {
  cleanStores(...stores.map((store) => store.$load));
  stores.length = 0;
});

describe('the one store of a read', () => {
  it('reads when an island first watches it, not before', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    expect(server.reads).toHaveLength(0);
    watch(store);
    expect(server.reads).toHaveLength(1);
    expect(store.$load.value).toEqual({ state: 'loading' });
    await server.answer('first');
    await vi.waitFor(() => expect(store.$load.value).toEqual({ state: 'loaded', data: 'first' }));
  });

  it('a first read that fails says why; Try Again shows the loading state, then reads fresh', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    watch(store);
    await server.refuse();
    await vi.waitFor(() => expect(store.$load.value).toEqual({ state: 'failed', message: 'Could not load (down).' }));
    const retried = store.retry();
    expect(store.$load.value).toEqual({ state: 'loading' });
    await server.answer('again');
    await retried;
    expect(server.reads).toHaveLength(2);
    expect(store.$load.value).toEqual({ state: 'loaded', data: 'again' });
  });

  it('reads again on its news and when back online; a failed refresh keeps what is shown', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    watch(store);
    await server.answer('first');
    tellNews('verification.decided');
    await vi.waitFor(() => expect(server.reads).toHaveLength(2));
    expect(store.$load.value).toEqual({ state: 'loaded', data: 'first' });
    await server.refuse();
    await vi.waitFor(() => expect(server.reads).toHaveLength(2));
    expect(store.$load.value).toEqual({ state: 'loaded', data: 'first' });
    tellNews('payment.settled'); // not its news
    const { backOnline } = $connection.value;
    $connection.set({ ...$connection.value, backOnline: backOnline + 1 });
    await vi.waitFor(() => expect(server.reads).toHaveLength(3));
    await server.answer('fresher');
    await vi.waitFor(() => expect(store.$load.value).toEqual({ state: 'loaded', data: 'fresher' }));
  });

  it('reads once for a burst of news (a catch-up replays several together), after the burst', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const server = fakeServer();
      const store = storeOn(server);
      watch(store);
      await server.answer('first');
      await vi.advanceTimersByTimeAsync(0);
      expect(store.$load.value).toEqual({ state: 'loaded', data: 'first' });
      for (let i = 0; i < 3; i++) tellNews('verification.decided');
      expect(server.reads).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(NEWS_SETTLE_MS);
      expect(server.reads).toHaveLength(2);
      await server.answer('after the burst');
      await vi.advanceTimersByTimeAsync(NEWS_SETTLE_MS * 10);
      expect(server.reads).toHaveLength(2);
      expect(store.$load.value).toEqual({ state: 'loaded', data: 'after the burst' });
      // News after the burst is read again.
      tellNews('verification.decided');
      await vi.advanceTimersByTimeAsync(NEWS_SETTLE_MS);
      expect(server.reads).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an action’s answer stands against a read that started before it', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    watch(store);
    store.took('uploaded');
    await server.answer('older');
    await Promise.resolve();
    expect(store.$load.value).toEqual({ state: 'loaded', data: 'uploaded' });
  });

  it('hears no news once nobody watches it', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    const unwatch = watch(store);
    await server.answer('first');
    unwatch();
    cleanStores(store.$load);
    tellNews('verification.decided');
    expect(server.reads).toHaveLength(1);
  });
});

describe('the one store of a read: late answers and kept data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an older answer arriving after a newer one is not shown', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    watch(store);
    const older = server.reads[0];
    const retried = store.retry();
    expect(older.signal.aborted).toBe(true);
    await server.answer('newer');
    await retried;
    older.resolve('older');
    await Promise.resolve();
    expect(store.$load.value).toEqual({ state: 'loaded', data: 'newer' });
  });

  it('a refresh asked for during a read makes one more read after it, not one each', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    watch(store);
    store.refresh();
    store.refresh();
    expect(server.reads).toHaveLength(1);
    await server.answer('first');
    await vi.waitFor(() => expect(server.reads).toHaveLength(2));
  });

  it('with nothing shown and no connection, shows what the phone kept; a refusal shows its words', async () => {
    vi.stubGlobal('localStorage', new MapStorage());
    keep('record', 7, 'kept');
    const server = fakeServer();
    const store = storeOn(server, true);
    watch(store);
    // No network at all: not asked again, the kept data at once.
    vi.stubGlobal('navigator', { onLine: false });
    await server.refuse(new NetworkError());
    await vi.waitFor(() => expect(store.$load.value).toEqual({ state: 'loaded', data: 'kept' }));
    expect(store.$stale.value).toBeNull();
    const again = storeOn(server, true);
    watch(again);
    await server.refuse();
    await vi.waitFor(() => expect(again.$load.value).toEqual({ state: 'failed', message: 'Could not load (down).' }));
  });

  it('keeps each answer on the phone for the account', async () => {
    const storage = new MapStorage();
    vi.stubGlobal('localStorage', storage);
    const server = fakeServer();
    const store = storeOn(server, true);
    watch(store);
    await server.answer('fresh');
    await vi.waitFor(() => expect(storage.getItem('sc-kept:7:record')).toContain('"fresh"'));
  });

  it('back online in the moment a store stays mounted after its last watcher left, a failed read is read again', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    const unwatch = watch(store);
    await server.refuse();
    await vi.waitFor(() => expect(store.$load.value.state).toBe('failed'));
    unwatch(); // nanostores unmounts it only after a delay: a watcher coming back meanwhile mounts nothing
    $connection.set({ ...$connection.value, backOnline: $connection.value.backOnline + 1 });
    await vi.waitFor(() => expect(server.reads).toHaveLength(2));
  });

  it('a watcher coming back soon after a read reads nothing again', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    const unwatch = watch(store);
    await server.answer('first');
    unwatch();
    cleanStores(store.$load);
    watch(store);
    expect(server.reads).toHaveLength(1);
  });
});

describe('the stores of a route', () => {
  const ownThings = route({
    method: 'GET',
    path: '/api/things/:id',
    caller: 'signed-in',
    answer: json<{ things: string[] }>(),
    summary: 'A test route.',
  });
  afterEach(() => vi.unstubAllGlobals());

  it('one store per input, read through the route with the session’s token, holding the part selected', async () => {
    const asked: { url: string; auth: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push({ url, auth: new Headers(init.headers).get('Authorization') });
      return new Response(JSON.stringify({ things: [url] }), { headers: { 'Content-Type': 'application/json' } });
    });
    $session.set({ status: 'signed-in', token: 'tok', user: null });
    const thingsOf = routeLoad(ownThings, { failure: () => 'no', select: (answer) => answer.things });
    expect(thingsOf({ params: { id: 3 } })).toBe(thingsOf({ params: { id: 3 } }));
    const three = thingsOf({ params: { id: 3 } });
    const four = thingsOf({ params: { id: 4 } });
    three.$load.listen(() => undefined);
    four.$load.listen(() => undefined);
    await vi.waitFor(() => expect(four.$load.value).toEqual({ state: 'loaded', data: ['/api/things/4'] }));
    expect(three.$load.value).toEqual({ state: 'loaded', data: ['/api/things/3'] });
    expect(asked).toEqual([
      { url: '/api/things/3', auth: 'Bearer tok' },
      { url: '/api/things/4', auth: 'Bearer tok' },
    ]);
    cleanStores(three.$load, four.$load);
  });
});
