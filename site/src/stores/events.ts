import { atom, onMount } from 'nanostores';
import {
  EVENTS_HEARTBEAT_MS,
  EVENTS_PING,
  eventStream,
  eventTicket,
  eventTicketResponseSchema,
  userEventSchema,
} from '../../../contract/events.ts';
import { timeBetween } from '../../../contract/dates.ts';
import type { UserEvent } from '../../../contract/events.ts';
import { call, routeUrl } from '../lib/call.ts';
import { ApiError, isSignedOut, NetworkError, TimeoutError } from '../lib/api.ts';
import { $connection, noteNoAnswer, onBackOnline } from './connection.ts';
import { $session, restoreSession } from './session.ts';
import type { SessionState } from './session.ts';

/**
 * Live updates (contract/events.ts): the one event stream of the signed-in user, and
 * what islands hear from it. Islands call `onUserEvent(types, handler)` (or `useUserEvents` in
 * ui/useUserEvents.ts); while anyone listens and a user is signed in, this module keeps one stream open:
 * it trades the session token for a ticket (POST eventTicket), opens
 * EventSource(eventStream's path ?ticket=…&after=<last cursor>) and hands each event on.
 *
 * - A dropped stream is closed here and opened again with a new ticket (a used ticket is refused,
 *   so the browser's own retry cannot work) and `after=` the last cursor: the server replays what
 *   was missed. The delay doubles from 1 s to 30 s while the server answers.
 * - A ticket that gets no answer at all (a refused connection, or nothing within its time-out)
 *   means the server cannot be reached (a dropped signal, with or without an `offline` event): the
 *   page is offline (stores/connection.ts), whose checks every few seconds find the server again;
 *   its return (or `online`) reconnects at once, from the cursor.
 * - A stream that says nothing within READY_TIMEOUT (a proxy that buffers), a ticket refused with
 *   503 (the server holds all the streams it may), or FALLBACK_AFTER failures running, turn on polling: `poll` ticks every 3 s (30 s while the page is
 *   hidden) for the islands that polled before (chat), while the stream is tried again every minute.
 * - `reset` (events were missed for good) means: read everything again. It is also sent here when
 *   a stream opens after trouble without a cursor to catch up from.
 */

export type LiveState = 'off' | 'connecting' | 'live' | 'polling';
/** A server event, or `poll`: the stream is unavailable, read again as before (fallback ticks). */
export type LiveEvent = UserEvent | { type: 'poll' };
export type LiveEventType = LiveEvent['type'];
export type LiveHandler<T extends LiveEventType> = (event: Extract<LiveEvent, { type: T }>) => void;

export const LIVE_TIMING = {
  /** No message this long after opening: the stream cannot get through (a buffering proxy). */
  readyTimeoutMs: 10_000,
  /** Nothing (not even a heartbeat) this long on an open stream: it died without an error; reconnect. */
  silenceMs: 2 * EVENTS_HEARTBEAT_MS + 5_000,
  reconnectBaseMs: 1_000,
  reconnectMaxMs: 30_000,
  /** Failed attempts in a row before falling back to polling. */
  fallbackAfter: 3,
  /** While polling, how often the stream is tried again. */
  streamRetryMs: 60_000,
  /** The chat's poll of today, while the stream is unavailable. */
  pollMs: 3_000,
  pollHiddenMs: 30_000,
} as const;

/** The part of EventSource used here (tests pass a fake). */
export interface EventSourceLike {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  /** For the heartbeat (a named event, which onmessage does not see). */
  addEventListener(type: string, listener: () => void): void;
  close(): void;
}

let openStream: (url: string) => EventSourceLike = (url) => new EventSource(url);

/** Tests replace the EventSource. */
export function configureEvents(options: { openStream?: (url: string) => EventSourceLike }): void {
  if (options.openStream) openStream = options.openStream;
}

/** How the connection stands: `live` once the current stream has said something. */
export const $live = atom<LiveState>('off');
/**
 * Mounted while anyone listens for events: the connection lives as long as this store is mounted
 * (not $live, which anyone may read without opening a connection).
 */
const $listening = atom(0);

interface Listener {
  types: ReadonlySet<string>;
  handler: (event: LiveEvent) => void;
}
const listeners = new Set<Listener>();

function dispatch(event: LiveEvent): void {
  for (const listener of [...listeners]) {
    if (!listener.types.has(event.type)) continue;
    try {
      listener.handler(event);
    } catch (error) {
      console.error('Live update handler failed', error);
    }
  }
}

/**
 * Calls `handler` for each event of `types` until the returned function is called. While anyone
 * listens, the signed-in user's stream is kept open.
 */
export function onUserEvent<T extends LiveEventType>(types: readonly T[], handler: LiveHandler<T>): () => void {
  const listener: Listener = { types: new Set(types), handler: handler as (event: LiveEvent) => void };
  listeners.add(listener);
  const release = $listening.listen(() => undefined);
  return () => {
    listeners.delete(listener);
    release();
  };
}

/**
 * Runs `load` now, or, when a run is under way, once more after it: a burst of events (a
 * catch-up) costs two reads at most, and the last read starts after the last event.
 */
export function refresher(load: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    running = true;
    try {
      await load();
    } catch {
      // the loader shows its own failure
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      await run();
    }
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}

// ---- The connection.

let stream: EventSourceLike | null = null;
/** The last event id heard, for `after=`; kept across streams of the same user. */
let cursor: string | null = null;
let cursorOwner: number | null = null;
/** Attempts failed in a row (reset by any message). */
let failures = 0;
/** Bumped by every new attempt and by disconnect: answers for an older attempt are ignored. */
let attempt = 0;
/** Who the stream is for (user id and token), or null when nobody is signed in. */
let connectedAs: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let readyTimer: ReturnType<typeof setTimeout> | undefined;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
/** When the current attempt asked for its ticket, while it waits for the answer (else 0). */
let askedAt = 0;

const hidden = (): boolean => typeof document !== 'undefined' && document.visibilityState === 'hidden';

function closeStream(): void {
  clearTimeout(readyTimer);
  if (stream) {
    stream.onmessage = null;
    stream.onerror = null;
    stream.close();
    stream = null;
  }
}

function schedulePoll(): void {
  clearTimeout(pollTimer);
  pollTimer = setTimeout(
    () => {
      dispatch({ type: 'poll' });
      schedulePoll();
    },
    hidden() ? LIVE_TIMING.pollHiddenMs : LIVE_TIMING.pollMs,
  );
}

function startPolling(): void {
  if ($live.get() === 'polling') return;
  $live.set('polling');
  dispatch({ type: 'poll' });
  schedulePoll();
}

function stopPolling(): void {
  clearTimeout(pollTimer);
  pollTimer = undefined;
}

function retryLater(delay: number): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void connect(), delay);
}

/** The delay before attempt number `failures + 1`: 1 s, 2 s, 4 s … 30 s, less up to a quarter (spread). */
export function reconnectDelay(failed: number): number {
  const full = Math.min(LIVE_TIMING.reconnectBaseMs * 2 ** Math.max(0, failed - 1), LIVE_TIMING.reconnectMaxMs);
  return Math.round(full * (1 - Math.random() / 4));
}

/**
 * The attempt failed (ticket refused, stream dropped or silent): try again later, poll meanwhile if
 * it keeps failing. `unanswered`: the ticket got no answer at all; the connection's return
 * reconnects (onBackOnline), the slow retry is only a backstop, and polling would only fail too.
 */
function failed(options: { silent?: boolean; unanswered?: boolean } = {}): void {
  closeStream();
  failures++;
  const unanswered = options.unanswered && $connection.get().offline;
  if (options.silent || (!unanswered && failures >= LIVE_TIMING.fallbackAfter)) startPolling();
  if ($live.get() !== 'polling') $live.set('connecting');
  const slow = $live.get() === 'polling' || unanswered;
  retryLater(slow ? LIVE_TIMING.streamRetryMs : reconnectDelay(failures));
}

async function connect(): Promise<void> {
  clearTimeout(retryTimer);
  closeStream();
  const { token } = $session.get();
  if (!connectedAs || !token) return;
  const mine = ++attempt;
  if ($live.get() !== 'polling') $live.set('connecting');
  let ticket: string;
  askedAt = Date.now();
  try {
    const answer = await call(eventTicket, {}, { token });
    ticket = eventTicketResponseSchema.parse(answer).ticket;
  } catch (error) {
    if (mine !== attempt) return;
    askedAt = 0;
    // No answer at all, or none to a request this small within its time-out (a signal gone while
    // the phone thinks it is online: nothing is refused, nothing comes back): the page is offline.
    if (error instanceof TimeoutError) noteNoAnswer();
    if (error instanceof NetworkError || error instanceof TimeoutError) return failed({ unanswered: true });
    // The session was refused (signed out elsewhere): check it, which signs out here if so.
    if (isSignedOut(error)) void restoreSession();
    // The server holds all the streams it may, or is stopping: poll at once, try again in a minute.
    failed({ silent: error instanceof ApiError && (error.code === 'busy' || error.code === 'unavailable') });
    return;
  }
  if (mine !== attempt) return;
  askedAt = 0;
  const after = cursor;
  // A stream without a cursor after trouble may have missed events: the islands read again.
  const gap = after === null && failures > 0;
  const opened = openStream(routeUrl(eventStream, { query: { ticket, after: after ?? undefined } }));
  stream = opened;
  let heard = false;
  readyTimer = setTimeout(() => {
    if (mine === attempt) failed({ silent: true });
  }, LIVE_TIMING.readyTimeoutMs);
  opened.onerror = () => {
    if (mine === attempt) failed();
  };
  // A phone that changes network may lose the connection with no error and no `offline`: silence
  // past two heartbeats means the stream is gone.
  const heardSomething = () => {
    clearTimeout(readyTimer);
    readyTimer = setTimeout(() => {
      if (mine === attempt) failed();
    }, LIVE_TIMING.silenceMs);
  };
  opened.addEventListener(EVENTS_PING, () => {
    if (mine === attempt && heard) heardSomething();
  });
  opened.onmessage = (message: MessageEvent) => {
    if (mine !== attempt) return;
    heardSomething();
    if (!heard) {
      heard = true;
      failures = 0;
      stopPolling();
      $live.set('live');
      if (gap) dispatch({ type: 'reset' });
    }
    if (message.lastEventId) cursor = message.lastEventId;
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    const parsed = userEventSchema.safeParse(data);
    if (parsed.success) dispatch(parsed.data);
  };
}

function disconnect(): void {
  attempt++;
  askedAt = 0;
  clearTimeout(retryTimer);
  closeStream();
  stopPolling();
  failures = 0;
  $live.set('off');
}

/** Follows the session: a stream for the signed-in user, none when signed out. */
function follow(session: SessionState): void {
  const who =
    session.status === 'signed-in' && session.user && session.token ? `${session.user.id}:${session.token}` : null;
  if (who === connectedAs) return;
  disconnect();
  connectedAs = who;
  const owner = session.user?.id ?? null;
  if (owner !== cursorOwner) {
    cursor = null;
    cursorOwner = owner;
  }
  if (who) void connect();
}

/**
 * Back online (`online`, or the server answered again after no answer): catch up now rather than
 * at the next retry; the stream seen live may be dead. Both signs may come together: a ticket asked
 * for under a second ago is that reconnection already.
 */
function reconnectNow(): void {
  if (!connectedAs || (askedAt > 0 && timeBetween(askedAt, Date.now()) < 1_000)) return;
  void connect();
}

function onOffline(): void {
  if (connectedAs && stream) failed();
}

function onVisibility(): void {
  if ($live.get() !== 'polling') return;
  // Polling comes back to its quick pace, at once (as the chat did when shown again).
  if (!hidden()) dispatch({ type: 'poll' });
  schedulePoll();
}

onMount($listening, () => {
  if (typeof window === 'undefined') return;
  const unfollow = $session.subscribe(follow);
  window.addEventListener('online', reconnectNow);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisibility);
  const unBackOnline = onBackOnline(reconnectNow);
  return () => {
    unfollow();
    unBackOnline();
    window.removeEventListener('online', reconnectNow);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisibility);
    connectedAs = null;
    disconnect();
  };
});
