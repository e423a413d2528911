import { describe, expect, it } from 'vitest';
import type { Change, ChangeFeed } from './change-feed.ts';
import { ReadCache } from './read-cache.ts';

/** A feed driven by the test: what the database would announce, when it would. */
function scriptedFeed() {
  const listeners: ((change: Change) => void)[] = [];
  const feed = {
    live: true,
    subscribe: (listener: (change: Change) => void) => void listeners.push(listener),
    subscribeEvents: () => {},
    caughtUp: async () => {},
    close: async () => {},
    announce: (change: Change) => listeners.forEach((listener) => listener(change)),
  };
  return feed satisfies ChangeFeed;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 9, 0, seconds));

describe('ReadCache', () => {
  it('loads once, then answers from memory until a user it shows changes', async () => {
    const feed = scriptedFeed();
    const cache = new ReadCache(feed);
    let loads = 0;
    const read = () => cache.get('customer:1', at(0), async () => ({ loads: ++loads }), { users: () => [1, 7] });
    expect(await read()).toEqual({ loads: 1 });
    expect(await read()).toEqual({ loads: 1 });
    feed.announce(99);
    expect(await read()).toEqual({ loads: 1 });
    feed.announce(7); // a favourite professional
    expect(await read()).toEqual({ loads: 2 });
    feed.announce('*');
    expect(await read()).toEqual({ loads: 3 });
  });

  it('does not keep a value loaded while a change arrived: it may predate the change', async () => {
    const feed = scriptedFeed();
    const cache = new ReadCache(feed);
    let loads = 0;
    const load = async () => {
      loads++;
      if (loads === 1) feed.announce(1); // committed while the first read was on its way
      return loads;
    };
    expect(await cache.get('k', at(0), load, { users: () => [1] })).toBe(1);
    expect(await cache.get('k', at(0), load, { users: () => [1] })).toBe(2);
    expect(await cache.get('k', at(0), load, { users: () => [1] })).toBe(2);
  });

  it('keeps a value loaded while only other users changed (a busy site announces changes all the time)', async () => {
    const feed = scriptedFeed();
    const cache = new ReadCache(feed);
    let loads = 0;
    const load = async () => {
      loads++;
      feed.announce(2); // someone else
      return loads;
    };
    expect(await cache.get('k', at(0), load, { users: () => [1] })).toBe(1);
    expect(await cache.get('k', at(0), load, { users: () => [1] })).toBe(1);
    // A page that shows no one is kept unless everything changed.
    expect(await cache.get('sitemap', at(0), load, { users: () => [] })).toBe(2);
    expect(await cache.get('sitemap', at(0), load, { users: () => [] })).toBe(2);
  });

  it('serves and keeps nothing while the feed is not live, and forgets everything on a reset', async () => {
    const feed = scriptedFeed();
    const cache = new ReadCache(feed);
    let loads = 0;
    const read = () => cache.get('k', at(0), async () => ++loads, { users: () => [1] });
    await read();
    feed.live = false;
    expect(await read()).toBe(2);
    expect(cache.size).toBe(1);
    feed.announce('reset');
    expect(cache.size).toBe(0);
    feed.live = true;
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
  });

  it('keeps an entry for at most 60 s of clock time, less when the value says so, and never for a clock moved back', async () => {
    const cache = new ReadCache(scriptedFeed());
    let loads = 0;
    const read = (now: Date) =>
      cache.get('session', now, async () => ++loads, { users: () => [1], validUntil: () => at(30).getTime() });
    expect(await read(at(0))).toBe(1);
    expect(await read(at(29))).toBe(1);
    expect(await read(at(30))).toBe(2); // the session's own expiry
    expect(await read(at(10))).toBe(3); // the clock went back
    const other = (now: Date) => cache.get('record', now, async () => ++loads, { users: () => [1] });
    expect(await other(at(0))).toBe(4);
    expect(await other(at(59))).toBe(4);
    expect(await other(at(60))).toBe(5);
  });

  it('never keeps "not found", so a session created a moment later works', async () => {
    const cache = new ReadCache(scriptedFeed());
    let found: string | undefined;
    const read = () => cache.get('session:x', at(0), async () => found, { users: () => [1] });
    expect(await read()).toBeUndefined();
    found = 'user 1';
    expect(await read()).toBe('user 1');
  });
  it('keeps at most its budget of bytes, the least recently used leaving first (pages apart from sessions)', async () => {
    const feed = scriptedFeed();
    const pages = new ReadCache(feed, { maxBytes: 30_000 });
    const sessions = new ReadCache(feed);
    let renders = 0;
    const page = (path: string) =>
      pages.get(path, at(0), async () => ({ path, body: Buffer.alloc(10_000), render: ++renders }), {
        users: () => [1],
        bytes: (value) => value.body.length,
      });
    await page('/a');
    await page('/b');
    await page('/c');
    expect([pages.size, pages.weight]).toEqual([3, 30_000]);
    expect((await page('/a')).render).toBe(1); // kept, and now the most recently used
    await page('/d'); // /b, the least recently used, leaves
    expect([pages.size, pages.weight]).toEqual([3, 30_000]);
    expect((await page('/a')).render).toBe(1);
    expect((await page('/b')).render).toBe(5);
    // A value larger than the whole budget is answered, never kept.
    const huge = await pages.get('/huge', at(0), async () => 'x', { users: () => [1], bytes: () => 40_000 });
    expect([huge, pages.size, pages.weight]).toEqual(['x', 3, 30_000]);
    // However many pages come and go, the sessions' cache is another.
    for (let i = 0; i < 100; i++) await page(`/made-up-${i}`);
    await sessions.get('session:1', at(0), async () => ({ user: 1 }), { users: () => [1] });
    expect([pages.size, sessions.size]).toEqual([3, 1]);
    // Dropped by a change to a user it shows, its bytes with it.
    feed.announce(1);
    expect([pages.size, pages.weight, sessions.size]).toEqual([0, 0, 0]);
  });
});
