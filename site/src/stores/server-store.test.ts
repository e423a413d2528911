import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $connection } from './connection.ts';
import { tellNews } from './fake-news.test-helper.ts';
import { serverStore } from './server-store.ts';

vi.mock('./events.ts', async (actual) =>
  (await import('./fake-news.test-helper.ts')).withFakeNews(await actual<typeof import('./events.ts')>()),
);

/** A server whose answers the test gives: each read waits for `answer` or `refuse`. */
function fakeServer() {
  const reads: { fresh: boolean; resolve: (data: string) => void; reject: (error: Error) => void }[] = [];
  const read = (fresh: boolean) => new Promise<string>((resolve, reject) => reads.push({ fresh, resolve, reject }));
  const last = () => reads[reads.length - 1];
  return {
    reads,
    read,
    answer: async (data: string) => {
      last().resolve(data);
      await Promise.resolve();
    },
    refuse: async () => {
      last().reject(new Error('down'));
      await Promise.resolve();
    },
  };
}

const stores: ReturnType<typeof serverStore<string>>[] = [];
function storeOn(server: ReturnType<typeof fakeServer>) {
  const store = serverStore(server.read, {
    failure: (error) => `Could not load (${(error as Error).message}).`,
    news: ['verification.decided'],
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

describe('a store of one server read', () => {
  it('reads when an island first watches it, not before', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    expect(server.reads).toHaveLength(0);
    watch(store);
    expect(server.reads).toEqual([expect.objectContaining({ fresh: false })]);
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
    expect(server.reads.at(-1)?.fresh).toBe(true);
    expect(store.$load.value).toEqual({ state: 'loaded', data: 'again' });
  });

  it('reads again on its news and when back online; a failed refresh keeps what is shown', async () => {
    const server = fakeServer();
    const store = storeOn(server);
    watch(store);
    await server.answer('first');
    tellNews('verification.decided');
    expect(server.reads).toHaveLength(2);
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
