import { PassThrough } from 'node:stream';
import {
  EVENT_STREAMS_PER_USER,
  EVENTS_HEARTBEAT_MS,
  EVENTS_PING,
  type UserEvent,
} from '../../../../contract/events.ts';
import type { ChangeFeed } from '../../cache/change-feed.ts';
import type { Db } from '../../db.ts';
import type { Logger } from '../../logger.ts';
import * as eventsRepo from './repo.ts';
import { formatCursor, latest, parseCursor, type Cursor } from './repo.ts';
import { MINUTE_MS } from '../../../../contract/dates.ts';

/** A stream whose reader stopped reading (this much unread) is closed; it reconnects and catches up. */
const MAX_UNREAD_BYTES = 256 * 1024;
/**
 * While an announced event is held back (an older transaction, in any database of the server, is
 * still running), one query per process watches the horizon this often and wakes the streams it
 * passes: a wait ends within this long of that transaction's end, at one query however many wait.
 */
const HORIZON_WATCH_MS = 50;

/**
 * What one process holds open (docs/OPERATIONS.md "Live updates: open streams"). Each stream is a
 * socket and a file descriptor for as long as it lives: without a total, free accounts opened
 * enough of them to leave no descriptor for any other request.
 */
export interface StreamLimits {
  /** Streams in this process; server.ts lowers it to half the connections the file limit allows (http/connection-limit.ts). */
  maxStreams: number;
  /** Streams from one address: generous, since many phones share one carrier-grade NAT address. */
  streamsPerAddress: number;
  /** A stream is ended after about this long (less up to a tenth, so reconnections spread); the client reconnects and catches up. */
  maxAgeMs: number;
}

export const STREAM_LIMITS: StreamLimits = {
  maxStreams: 2000,
  streamsPerAddress: 100,
  maxAgeMs: 30 * MINUTE_MS,
};

interface Stream {
  userId: number;
  sessionHash: string;
  address: string;
  out: PassThrough;
  /** Where the next read starts (null: not read yet, a first connection). */
  cursor: Cursor | null;
  /** The latest event announced for this user: the stream is behind while its cursor is older. */
  announced: Cursor | null;
  pumping: boolean;
  dirty: boolean;
  /** Past its first read (the catch-up): what it is sent now is sent as it happens. */
  live: boolean;
  closed: boolean;
  heartbeat: NodeJS.Timeout;
  /** Ends the stream at its maximum age. */
  expiry: NodeJS.Timeout;
}

export interface EventHubDeps {
  db: Db;
  logger: Logger;
  feed: ChangeFeed;
  /** The user of a live session, by its token's hash; undefined once it has ended. */
  sessionOf: (sessionHash: string) => Promise<{ user: { id: number } } | undefined>;
  heartbeatMs?: number;
  limits?: Partial<StreamLimits>;
}

const frame = (event: UserEvent, cursor: Cursor | null) =>
  `${cursor ? `id: ${formatCursor(cursor)}\n` : ''}data: ${JSON.stringify(event)}\n\n`;

/**
 * The open live-update streams of this process (ARCHITECTURE.md "Live updates"). Any
 * process can serve any user: events are read from the database after the database announces
 * them (LISTEN/NOTIFY through the change feed), so a change made on another process reaches a
 * stream here, and a reconnect anywhere replays what was missed.
 */
export class EventHub {
  private readonly streams = new Map<number, Set<Stream>>();
  private readonly fromAddress = new Map<string, number>();
  private total = 0;
  private readonly limits: StreamLimits;
  /** Streams waiting for the horizon to pass an event announced to them. */
  private readonly heldBack = new Set<Stream>();
  private horizonWatch: NodeJS.Timeout | undefined;
  private closing = false;
  private readonly heartbeatMs: number;
  private readonly deps: EventHubDeps;
  private readonly deliveryWatchers: ((lagSeconds: number) => void)[] = [];

  constructor(deps: EventHubDeps) {
    this.deps = deps;
    this.heartbeatMs = deps.heartbeatMs ?? EVENTS_HEARTBEAT_MS;
    this.limits = { ...STREAM_LIMITS, ...deps.limits };
    deps.feed.subscribeEvents((payload) => (payload === null ? this.wakeAll() : this.announced(payload)));
    // A session ended (sign-out, suspension, deletion) closes that user's streams at once.
    deps.feed.subscribe((change) => {
      if (typeof change === 'number') void this.checkSessions(change);
    });
  }

  get accepting(): boolean {
    return !this.closing;
  }

  /** Streams open in this process. */
  get openStreams(): number {
    return this.total;
  }

  /**
   * Whether a stream for `userId` from `address` may open now: within the process's total and the
   * address's share. A user at EVENT_STREAMS_PER_USER replaces their oldest stream, so may always.
   */
  admits(userId: number, address: string): boolean {
    const mine = this.streams.get(userId);
    const replaced = mine && mine.size >= EVENT_STREAMS_PER_USER ? mine.values().next().value : undefined;
    if (!replaced && this.total >= this.limits.maxStreams) return false;
    const sameAddress = (this.fromAddress.get(address) ?? 0) - (replaced?.address === address ? 1 : 0);
    return sameAddress < this.limits.streamsPerAddress;
  }

  /**
   * Opens a stream for `userId` from `after` (a reconnect's cursor as sent, or undefined for a
   * first connection) and returns the body to send; the caller has asked `admits` first. Opening
   * one more than EVENT_STREAMS_PER_USER closes the user's oldest.
   */
  open(userId: number, sessionHash: string, address: string, after: string | undefined): PassThrough {
    const out = new PassThrough();
    const { maxAgeMs } = this.limits;
    const stream: Stream = {
      userId,
      sessionHash,
      address,
      out,
      cursor: null,
      announced: null,
      pumping: false,
      dirty: false,
      live: false,
      closed: false,
      heartbeat: setTimeout(() => this.beat(stream), this.heartbeatMs),
      expiry: setTimeout(() => this.close(stream), maxAgeMs - Math.random() * (maxAgeMs / 10)),
    };
    const mine = this.streams.get(userId) ?? new Set();
    this.streams.set(userId, mine);
    for (const oldest of mine) {
      if (mine.size < EVENT_STREAMS_PER_USER) break;
      this.close(oldest);
    }
    mine.add(stream);
    this.total++;
    this.fromAddress.set(address, (this.fromAddress.get(address) ?? 0) + 1);
    out.on('close', () => this.close(stream));
    // Browsers wait this long before their own reconnect; ours reconnect with a new ticket anyway.
    this.write(stream, 'retry: 3000\n\n');
    void this.start(stream, after);
    return out;
  }

  /**
   * `watch` hears how long each event sent on a live stream waited since it was written (the
   * metrics' event lag); a catch-up after a connection, whose events are old by design, is not told.
   */
  onDelivery(watch: (lagSeconds: number) => void): void {
    this.deliveryWatchers.push(watch);
  }

  /** SIGTERM: ends every stream so that clients reconnect to another process, and takes no new one. */
  closeAll(): void {
    this.closing = true;
    clearTimeout(this.horizonWatch);
    for (const set of this.streams.values()) for (const stream of set) this.close(stream);
  }

  private async start(stream: Stream, after: string | undefined): Promise<void> {
    const { db, logger } = this.deps;
    try {
      if (after === undefined) {
        // A first connection: what happened just before (the page read its data about then), then ready.
        await this.pump(stream);
        this.send(stream, { type: 'ready' }, stream.cursor);
        stream.live = true;
        return;
      }
      const cursor = parseCursor(after);
      if (!cursor || (await eventsRepo.mayHaveMissed(db, cursor))) {
        stream.cursor = await eventsRepo.horizon(db);
        this.send(stream, { type: 'reset' }, stream.cursor);
      } else {
        stream.cursor = cursor;
        await this.pump(stream);
      }
      this.send(stream, { type: 'ready' }, null);
      stream.live = true;
    } catch (err) {
      logger.warn({ err, userId: stream.userId }, 'live-update stream could not start: closed, the client reconnects');
      this.close(stream);
    }
  }

  /** Sends every deliverable event after the stream's cursor; runs once at a time per stream. */
  private async pump(stream: Stream): Promise<void> {
    if (stream.pumping) {
      stream.dirty = true;
      return;
    }
    stream.pumping = true;
    try {
      do {
        stream.dirty = false;
        const { events, next, more } = await eventsRepo.eventsAfter(this.deps.db, stream.userId, stream.cursor);
        if (stream.closed) return;
        for (const { event, cursor, ageSeconds } of events) {
          this.send(stream, event, cursor);
          if (stream.live) for (const watch of this.deliveryWatchers) watch(ageSeconds);
        }
        stream.cursor = next;
        if (more) stream.dirty = true;
      } while (stream.dirty && !stream.closed);
      this.lookAgainIfHeldBack(stream);
    } catch (err) {
      this.deps.logger.warn(
        { err, userId: stream.userId },
        'live-update stream could not read its events: closed, the client reconnects',
      );
      this.close(stream);
    } finally {
      stream.pumping = false;
    }
  }

  /** An announced event of a transaction newer than one still running is read once that one ends. */
  private lookAgainIfHeldBack(stream: Stream): void {
    const behind = stream.announced && stream.cursor && latest(stream.announced, stream.cursor) !== stream.cursor;
    if (!behind || stream.closed) {
      this.heldBack.delete(stream);
      return;
    }
    this.heldBack.add(stream);
    this.horizonWatch ??= setTimeout(() => void this.watchHorizon(), HORIZON_WATCH_MS);
  }

  private async watchHorizon(): Promise<void> {
    try {
      const horizon = await eventsRepo.horizon(this.deps.db);
      for (const stream of this.heldBack) {
        if (stream.closed) this.heldBack.delete(stream);
        else if (stream.announced && stream.announced.txid < horizon.txid) {
          this.heldBack.delete(stream);
          void this.pump(stream);
        }
      }
    } catch (err) {
      this.deps.logger.warn({ err }, 'live updates could not read the transaction horizon; trying again');
    } finally {
      this.horizonWatch = this.heldBack.size ? setTimeout(() => void this.watchHorizon(), HORIZON_WATCH_MS) : undefined;
    }
  }

  private announced(payload: string): void {
    const [user, cursorText] = payload.split(' ');
    const streams = this.streams.get(Number(user));
    if (!streams) return;
    const cursor = parseCursor(cursorText);
    for (const stream of streams) {
      if (cursor) stream.announced = stream.announced ? latest(stream.announced, cursor) : cursor;
      if (stream.cursor) void this.pump(stream);
      else stream.dirty = true; // still starting: its first read comes after
    }
  }

  /** The change feed lost its connection: announcements may have been missed, so every stream reads again. */
  private wakeAll(): void {
    for (const set of this.streams.values()) for (const stream of set) if (stream.cursor) void this.pump(stream);
  }

  private async checkSessions(userId: number): Promise<void> {
    for (const stream of this.streams.get(userId) ?? []) await this.checkSession(stream);
  }

  private async checkSession(stream: Stream): Promise<void> {
    const session = await this.deps.sessionOf(stream.sessionHash).catch(() => 'unknown' as const);
    if (session === 'unknown') return; // the database is away: the stream stays, its reads will fail or recover
    if (!session || session.user.id !== stream.userId) this.close(stream);
  }

  private beat(stream: Stream): void {
    if (stream.closed) return;
    this.write(stream, `event:${EVENTS_PING}\ndata:\n\n`);
    void this.checkSession(stream);
  }

  private send(stream: Stream, event: UserEvent, cursor: Cursor | null): void {
    this.write(stream, frame(event, cursor));
  }

  private write(stream: Stream, text: string): void {
    if (stream.closed) return;
    stream.out.write(text);
    stream.heartbeat.refresh();
    if (stream.out.writableLength > MAX_UNREAD_BYTES) this.close(stream);
  }

  private close(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearTimeout(stream.heartbeat);
    clearTimeout(stream.expiry);
    this.total--;
    const fromAddress = (this.fromAddress.get(stream.address) ?? 1) - 1;
    if (fromAddress > 0) this.fromAddress.set(stream.address, fromAddress);
    else this.fromAddress.delete(stream.address);
    this.heldBack.delete(stream);
    const set = this.streams.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.streams.delete(stream.userId);
    stream.out.end();
  }
}
