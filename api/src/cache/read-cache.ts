import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';
import { addTime } from '../../../contract/dates.ts';
import type { Db } from '../db.ts';
import type { Change, ChangeFeed } from './change-feed.ts';

/**
 * What one cache keeps at most. Sessions and records are counted in entries (each is small);
 * rendered pages in bytes, in a cache of their own, so pages cannot push sessions out or the
 * reverse (made-up page addresses filled the one shared 20,000 entries).
 */
export interface CacheBudget {
  /** Bounds what another user's change can leave stale if its announcement were ever missed, and time-based state (days left). */
  ttlMs: number;
  maxEntries: number;
  /** As `get`'s `bytes` counts them. */
  maxBytes: number;
}

const RECORDS: CacheBudget = { ttlMs: 60_000, maxEntries: 20_000, maxBytes: Infinity };

interface Entry {
  value: unknown;
  bytes: number;
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
 * while a change to one of its users arrived is not kept (it may predate that change).
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfUser = new Map<number, Set<string>>();
  private generation = 0;
  /** The changes each load under way has heard of since it started. */
  private readonly loading = new Set<Set<Change>>();
  private bytes = 0;
  private readonly budget: CacheBudget;
  readonly feed: ChangeFeed;

  constructor(feed: ChangeFeed, budget: Partial<CacheBudget> = {}) {
    this.feed = feed;
    this.budget = { ...RECORDS, ...budget };
    feed.subscribe((change) => this.forget(change));
  }

  /**
   * The value under `key`, or `load()`'s, kept until a change to one of `users(value)` or
   * `validUntil(value)` (at most the budget's ttlMs after `now`), or until the least recently used
   * entries make room for newer ones. `undefined` is never kept.
   */
  async get<T>(
    key: string,
    now: Date,
    load: () => Promise<T>,
    {
      users,
      validUntil,
      bytes,
    }: { users: (value: T) => number[]; validUntil?: (value: T) => number; bytes?: (value: T) => number },
  ): Promise<T> {
    const at = now.getTime();
    const entry = this.entries.get(key);
    if (entry && this.feed.live && entry.from <= at && at < entry.until) {
      // Used again: the last to leave.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    const heard = new Set<Change>();
    this.loading.add(heard);
    let value: T;
    try {
      value = await load();
    } finally {
      this.loading.delete(heard);
    }
    const shown = value === undefined ? [] : users(value);
    if (value !== undefined && this.feed.live && !this.stale(heard, shown)) {
      this.put(key, {
        value,
        bytes: bytes?.(value) ?? 0,
        users: shown,
        from: at,
        until: Math.min(addTime(now, { ms: this.budget.ttlMs }).getTime(), validUntil?.(value) ?? Infinity),
      });
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the kept values weigh, as `get`'s `bytes` counted them. */
  get weight(): number {
    return this.bytes;
  }

  /** A value read while a change to one of its users (or to everything) arrived may predate it. */
  private stale(heard: Set<Change>, users: number[]): boolean {
    return heard.has('*') || heard.has('reset') || users.some((user) => heard.has(user));
  }

  /** Changes heard so far: a value read before the count moved may predate a change. */
  get changesHeard(): number {
    return this.generation;
  }

  private put(key: string, entry: Entry): void {
    this.drop(key);
    const { maxEntries, maxBytes } = this.budget;
    if (entry.bytes > maxBytes) return;
    while (this.entries.size && (this.entries.size >= maxEntries || this.bytes + entry.bytes > maxBytes))
      this.drop(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
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
    this.bytes -= entry.bytes;
    for (const user of entry.users) {
      const keys = this.keysOfUser.get(user);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOfUser.delete(user);
    }
  }

  private forget(change: Change): void {
    this.generation++;
    for (const heard of this.loading) heard.add(change);
    if (typeof change === 'number') {
      for (const key of this.keysOfUser.get(change) ?? []) this.drop(key);
      return;
    }
    this.entries.clear();
    this.keysOfUser.clear();
    this.bytes = 0;
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
