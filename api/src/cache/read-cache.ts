import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';
import type { Db } from '../db.ts';
import type { Change, ChangeFeed } from './change-feed.ts';

/** Bounds what another user's change can leave stale if its announcement were ever missed, and time-based state (days left). */
const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  value: unknown;
  /** The users whose changes make this entry stale. */
  users: number[];
  /** Valid for clock times in [from, until): a test clock moved back or forward recomputes it. */
  from: number;
  until: number;
}

/**
 * Sessions and dashboard records, kept in this process and dropped the moment the database
 * announces a change to a user they show (api/migrations/20261123000000). A signed-in read then
 * costs no query at all. Nothing is served or kept while the feed is not live, and a value read
 * while any change arrived is not kept (it may predate that change).
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfUser = new Map<number, Set<string>>();
  private generation = 0;
  readonly feed: ChangeFeed;

  constructor(feed: ChangeFeed) {
    this.feed = feed;
    feed.subscribe((change) => this.forget(change));
  }

  /**
   * The value under `key`, or `load()`'s, kept until a change to one of `users(value)` or
   * `validUntil(value)` (at most TTL_MS after `now`). `undefined` is never kept.
   */
  async get<T>(
    key: string,
    now: Date,
    load: () => Promise<T>,
    { users, validUntil }: { users: (value: T) => number[]; validUntil?: (value: T) => number },
  ): Promise<T> {
    const at = now.getTime();
    const entry = this.entries.get(key);
    if (entry && this.feed.live && entry.from <= at && at < entry.until) return entry.value as T;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && this.feed.live && generation === this.generation) {
      this.put(key, {
        value,
        users: users(value),
        from: at,
        until: Math.min(at + TTL_MS, validUntil?.(value) ?? Infinity),
      });
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private put(key: string, entry: Entry): void {
    this.drop(key);
    if (this.entries.size >= MAX_ENTRIES) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    for (const user of entry.users) {
      const keys = this.keysOfUser.get(user) ?? new Set();
      keys.add(key);
      this.keysOfUser.set(user, keys);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const user of entry.users) {
      const keys = this.keysOfUser.get(user);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOfUser.delete(user);
    }
  }

  private forget(change: Change): void {
    this.generation++;
    if (typeof change === 'number') {
      for (const key of this.keysOfUser.get(change) ?? []) this.drop(key);
      return;
    }
    this.entries.clear();
    this.keysOfUser.clear();
  }
}

const WRITE = /^\s*(insert|update|delete|commit)\b/i;
const requestWrites = new AsyncLocalStorage<{ wrote: boolean }>();
const tracked = new WeakSet<Db>();

/**
 * Read-your-writes: a request that changed anything is answered only once this process has heard
 * of its changes, so the caller's next request never meets what the change replaced. (Another
 * process hears of it within milliseconds; until then it may still answer from its cache.)
 */
export function readYourWrites(db: Db, cache: ReadCache): Middleware {
  if (!tracked.has(db)) {
    tracked.add(db);
    db.on('query', ({ sql }: { sql: string }) => {
      const request = requestWrites.getStore();
      if (request && !request.wrote && WRITE.test(sql)) request.wrote = true;
    });
  }
  return (_ctx, next) => {
    const request = { wrote: false };
    return requestWrites.run(request, async () => {
      try {
        await next();
      } finally {
        if (request.wrote) await cache.feed.caughtUp();
      }
    });
  };
}
