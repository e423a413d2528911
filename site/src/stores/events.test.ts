import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../contract/account-types.ts';
import { EVENTS_PING, eventTicket } from '../../../contract/events.ts';
import { $live, configureEvents, LIVE_TIMING, onUserEvent, reconnectDelay, refresher } from './events.ts';
import type { EventSourceLike, LiveEvent } from './events.ts';
import { $session, configureSession } from './session.ts';
import { MapStorage } from './map-storage.test-helper.ts';
import { $unread, readingChat, showingBookings } from './unread.ts';
import { $bookings, $bookingsChanged } from './bookings.ts';
import { LOADING } from '../lib/load.ts';
import { health } from '../../../contract/health.ts';
import { $connection, resetConnectionForTests } from './connection.ts';

/** An EventSource that the test drives: `say` delivers a frame, `fail` the error a drop causes. */
class FakeStream implements EventSourceLike {
  static all: FakeStream[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly named = new Map<string, () => void>();
  closed = false;
  readonly url: URL;
  constructor(url: string) {
    this.url = new URL(url, 'http://localhost');
    FakeStream.all.push(this);
  }
  static get last(): FakeStream {
    return FakeStream.all[FakeStream.all.length - 1];
  }
  say(data: unknown, id = ''): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data), lastEventId: id }));
  }
  fail(): void {
    this.onerror?.(new Event('error'));
  }
  addEventListener(type: string, listener: () => void): void {
    this.named.set(type, listener);
  }
  ping(): void {
    this.named.get(EVENTS_PING)?.();
  }
  close(): void {
    this.closed = true;
  }
}

let tickets: string[];
let reads: string[];
let ticketAnswers: (() => Response)[];
let serial = 100;
/** The server cannot be reached: every request fails without an answer (no `offline` event). */
let unreachable = false;
let healthChecks = 0;
let page: EventTarget & { visibilityState: DocumentVisibilityState };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ticketFor = (n: number) => `ticket-${String(n).padStart(24, '0')}`;

function user(userType: SessionUser['userType'] = 'customer'): SessionUser {
  return {
    id: serial++,
    email: 'ama@example.com',
    phone: '+233241234567',
    firstName: 'Ama',
    lastName: 'Mensah',
    userType,
    status: 'active',
    location: 'Accra',
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

function signInAs(account: SessionUser, token = `tok-${account.id}`): void {
  $session.set({ status: 'signed-in', user: account, token });
}

/** Lets the ticket request and the stream's opening run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Listens for every kind of event; the connection opens. */
function record(): { seen: LiveEvent[]; stop: () => void } {
  const seen: LiveEvent[] = [];
  const stop = onUserEvent(['ready', 'reset', 'chat.message', 'booking.accepted', 'booking.created', 'poll'], (event) =>
    seen.push(event),
  );
  return { seen, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeStream.all = [];
  tickets = [];
  reads = [];
  ticketAnswers = [];
  unreachable = false;
  healthChecks = 0;
  configureEvents({ openStream: (url) => new FakeStream(url) });
  vi.stubGlobal('window', new EventTarget());
  page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  vi.stubGlobal('document', page);
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (unreachable) throw new TypeError('Failed to fetch');
      if (url === health.path) {
        healthChecks++;
        return json(200, { ok: true });
      }
      if (url === '/api/auth/verify') {
        reads.push(url);
        return json(401, { success: false, code: 'signed_out', message: 'Session expired' });
      }
      if (url === '/api/bookings') {
        reads.push(url);
        return json(200, { success: true, bookings: [] });
      }
      expect(url).toBe(eventTicket.path);
      expect(init.method).toBe('POST');
      tickets.push(new Headers(init.headers).get('Authorization') ?? '');
      const answer = ticketAnswers.shift();
      return answer ? answer() : json(200, { ticket: ticketFor(++n) });
    }),
  );
});

afterEach(async () => {
  cleanStores($unread, $bookings, $bookingsChanged);
  // nanostores ends the connection a second after the last listener left.
  await vi.advanceTimersByTimeAsync(1000);
  expect($live.get()).toBe('off');
  cleanStores($live, $session, $bookings, $bookingsChanged, $connection);
  resetConnectionForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the live connection', () => {
  it('trades the session token for a ticket, opens the stream and hands each event to its listeners', async () => {
    const ama = user();
    signInAs(ama);
    const { seen, stop } = record();
    const accepted: LiveEvent[] = [];
    const stopAccepted = onUserEvent(['booking.accepted'], (event) => accepted.push(event));
    expect($live.get()).toBe('connecting');
    await settle();
    expect(tickets).toEqual([`Bearer tok-${ama.id}`]);
    expect(FakeStream.last.url.pathname).toBe('/api/events');
    expect(FakeStream.last.url.searchParams.get('ticket')).toBe(ticketFor(1));
    expect(FakeStream.last.url.searchParams.has('after')).toBe(false);

    FakeStream.last.say({ type: 'ready' });
    expect($live.get()).toBe('live');
    FakeStream.last.say({ type: 'booking.accepted', bookingId: 4, status: 'confirmed' }, 'c-1');
    FakeStream.last.say({ type: 'something.new', x: 1 }, 'c-2'); // a newer server's event: skipped
    FakeStream.last.say('not json{', 'c-3');
    expect(seen).toEqual([{ type: 'ready' }, { type: 'booking.accepted', bookingId: 4, status: 'confirmed' }]);
    expect(accepted).toEqual([{ type: 'booking.accepted', bookingId: 4, status: 'confirmed' }]);
    stop();
    stopAccepted();
  });

  it('keeps a stream that hears heartbeats, and reconnects from its cursor when one goes silent without an error', async () => {
    signInAs(user());
    const { stop } = record();
    await settle();
    const first = FakeStream.last;
    first.say({ type: 'ready' }, 'c-5');
    for (let beat = 0; beat < 5; beat++) {
      await vi.advanceTimersByTimeAsync(LIVE_TIMING.silenceMs - 1000);
      first.ping();
    }
    expect(first.closed).toBe(false);
    expect(FakeStream.all).toHaveLength(1);
    // The phone changed network: no error, no more heartbeats.
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.silenceMs);
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.reconnectBaseMs);
    expect(FakeStream.all).toHaveLength(2);
    expect(FakeStream.last.url.searchParams.get('after')).toBe('c-5');
    stop();
  });

  it('reconnects after a drop with a new ticket and after= the last cursor, sooner first and later each time', async () => {
    signInAs(user());
    const { seen, stop } = record();
    await settle();
    const first = FakeStream.last;
    first.say({ type: 'ready' });
    first.say({ type: 'chat.message', bookingId: 3, messageId: 9, senderId: 2 }, 'cursor-9');
    first.fail();
    expect(first.closed).toBe(true); // the browser's own retry would reuse the spent ticket
    expect($live.get()).toBe('connecting');

    await vi.advanceTimersByTimeAsync(reconnectDelayMax(1));
    const second = FakeStream.last;
    expect(second).not.toBe(first);
    expect(second.url.searchParams.get('ticket')).toBe(ticketFor(2));
    expect(second.url.searchParams.get('after')).toBe('cursor-9');
    second.fail(); // failed again before saying anything: waits longer
    await vi.advanceTimersByTimeAsync(reconnectDelayMax(1));
    expect(FakeStream.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(reconnectDelayMax(2) - reconnectDelayMax(1));
    expect(FakeStream.all).toHaveLength(3);
    FakeStream.last.say({ type: 'chat.message', bookingId: 3, messageId: 10, senderId: 2 }, 'cursor-10');
    expect($live.get()).toBe('live');
    expect(seen.filter((e) => e.type === 'chat.message')).toHaveLength(2);
    stop();
  });

  it('falls back to polling when the stream says nothing (a buffering proxy), and leaves it when a stream gets through', async () => {
    signInAs(user());
    const { seen, stop } = record();
    await settle();
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.readyTimeoutMs);
    const failedAt = Date.now();
    expect(FakeStream.last.closed).toBe(true);
    expect($live.get()).toBe('polling');
    expect(seen.filter((e) => e.type === 'poll')).toHaveLength(1); // at once

    await vi.advanceTimersByTimeAsync(LIVE_TIMING.pollMs * 3);
    expect(seen.filter((e) => e.type === 'poll')).toHaveLength(4);
    // Hidden: slower.
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.pollHiddenMs - 1);
    expect(seen.filter((e) => e.type === 'poll')).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.filter((e) => e.type === 'poll')).toHaveLength(5);
    // Shown again: a poll at once, then the quick pace.
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(seen.filter((e) => e.type === 'poll')).toHaveLength(6);

    // The stream is tried again a minute after it failed; this one answers.
    const polls = () => seen.filter((e) => e.type === 'poll').length;
    expect(FakeStream.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(failedAt + LIVE_TIMING.streamRetryMs - 1 - Date.now());
    expect(FakeStream.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeStream.all).toHaveLength(2);
    FakeStream.last.say({ type: 'ready' });
    expect($live.get()).toBe('live');
    // No cursor to catch up from after trouble: the islands read everything again.
    expect(seen.slice(-2)).toEqual([{ type: 'reset' }, { type: 'ready' }]);
    const before = polls();
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.pollHiddenMs);
    expect(polls()).toBe(before);
    stop();
  });

  it('falls back to polling after three failed attempts in a row (here: tickets refused)', async () => {
    signInAs(user());
    ticketAnswers.push(
      () => json(500, { success: false }),
      () => json(500, { success: false }),
      () => json(500, { success: false }),
    );
    const { stop } = record();
    await settle();
    expect($live.get()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(reconnectDelayMax(1));
    expect($live.get()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(reconnectDelayMax(2));
    expect(tickets).toHaveLength(3);
    expect($live.get()).toBe('polling');
    expect(FakeStream.all).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.streamRetryMs);
    expect(FakeStream.all).toHaveLength(1);
    stop();
  });

  it('polls at once when the server is busy (503 on the ticket), and tries the stream again a minute later', async () => {
    signInAs(user());
    ticketAnswers.push(() => json(503, { success: false, code: 'busy', message: 'Live updates are busy right now.' }));
    const { seen, stop } = record();
    await settle();
    expect(tickets).toHaveLength(1);
    expect($live.get()).toBe('polling');
    expect(seen).toContainEqual({ type: 'poll' });
    await vi.advanceTimersByTimeAsync(reconnectDelayMax(3));
    expect(tickets).toHaveLength(1); // no quick retries against a full server
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.streamRetryMs);
    expect(tickets).toHaveLength(2);
    expect(FakeStream.all).toHaveLength(1);
    stop();
  });

  it('a refused ticket has the session checked: a session ended elsewhere ends it here, and the stream', async () => {
    const ama = user();
    const storage = new MapStorage();
    storage.setItem('authToken', `tok-${ama.id}`);
    storage.setItem('userData', JSON.stringify(ama));
    configureSession({ storage });
    signInAs(ama);
    ticketAnswers.push(() => json(401, { success: false, code: 'signed_out', message: 'Session expired' }));
    const { stop } = record();
    await settle();
    expect(reads).toEqual(['/api/auth/verify']);
    expect($session.get().status).toBe('ended');
    expect($live.get()).toBe('off');
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.streamRetryMs);
    expect(tickets).toHaveLength(1);
    stop();
    configureSession({ storage: null });
  });

  it('hands `reset` on, and reconnects at once when the browser comes back online', async () => {
    signInAs(user());
    const { seen, stop } = record();
    await settle();
    FakeStream.last.say({ type: 'reset' }, 'c-50');
    expect(seen).toEqual([{ type: 'reset' }]);
    window.dispatchEvent(new Event('offline'));
    expect(FakeStream.last.closed).toBe(true);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(FakeStream.all).toHaveLength(2);
    expect(FakeStream.last.url.searchParams.get('after')).toBe('c-50');
    stop();
  });

  it('a signal lost with no `offline` event: the server is asked every few seconds, and the stream is back from its cursor within 3 s of its return', async () => {
    signInAs(user());
    const { seen, stop } = record();
    await settle();
    FakeStream.last.say({ type: 'ready' }, 'c-7');
    // The mast drops: the stream breaks, the ticket gets no answer.
    unreachable = true;
    FakeStream.last.fail();
    await vi.advanceTimersByTimeAsync(reconnectDelayMax(1));
    expect(tickets).toHaveLength(1);
    expect($connection.get().offline).toBe(true);
    expect($live.get()).toBe('connecting');
    // 20 s without a signal: no ticket asked again (the checks stand for it), no polling that would fail too.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tickets).toHaveLength(1);
    expect($live.get()).toBe('connecting');
    expect(seen.filter((e) => e.type === 'poll')).toHaveLength(0);

    unreachable = false;
    const back = Date.now();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(healthChecks).toBe(1);
    expect($connection.get().offline).toBe(false);
    expect(tickets).toHaveLength(2);
    expect(FakeStream.all).toHaveLength(2);
    expect(FakeStream.last.url.searchParams.get('after')).toBe('c-7');
    FakeStream.last.say({ type: 'chat.message', bookingId: 3, messageId: 11, senderId: 2 }, 'c-8');
    expect($live.get()).toBe('live');
    expect(Date.now() - back).toBeLessThanOrEqual(3_000);
    expect(seen.at(-1)).toMatchObject({ type: 'chat.message', messageId: 11 });
    stop();
  });

  it('the server back and `online` together reconnect once', async () => {
    signInAs(user());
    const { stop } = record();
    await settle();
    FakeStream.last.say({ type: 'ready' }, 'c-1');
    unreachable = true;
    FakeStream.last.fail();
    await vi.advanceTimersByTimeAsync(reconnectDelayMax(1));
    unreachable = false;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(tickets).toHaveLength(2);
    expect(FakeStream.all).toHaveLength(2);
    stop();
  });

  it('connects only while signed in, follows a sign-out and another user, and stops when nobody listens', async () => {
    $session.set({ status: 'signed-out', user: null, token: null });
    const { stop } = record();
    await settle();
    expect(FakeStream.all).toHaveLength(0);
    expect($live.get()).toBe('off');

    const kofi = user();
    signInAs(kofi);
    await settle();
    FakeStream.last.say({ type: 'ready' }, 'k-1');
    $session.set({ status: 'signed-out', user: null, token: null });
    expect(FakeStream.last.closed).toBe(true);
    expect($live.get()).toBe('off');

    signInAs(user());
    await settle();
    expect(FakeStream.all).toHaveLength(2);
    expect(FakeStream.last.url.searchParams.has('after')).toBe(false); // another user's cursor is not theirs

    stop();
    await vi.advanceTimersByTimeAsync(1000); // nanostores unmounts a second after the last listener
    expect(FakeStream.last.closed).toBe(true);
    expect($live.get()).toBe('off');
  });

  it('delays reconnects from 1 s, doubling, to at most 30 s, each spread by up to a quarter', () => {
    for (const [failed, full] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [6, 30_000],
      [20, 30_000],
    ] as const) {
      const delay = reconnectDelay(failed);
      expect(delay).toBeLessThanOrEqual(full);
      expect(delay).toBeGreaterThanOrEqual(full * 0.75);
    }
  });
});

/** The longest the delay after `failed` failures can be. */
const reconnectDelayMax = (failed: number) =>
  Math.min(LIVE_TIMING.reconnectBaseMs * 2 ** (failed - 1), LIVE_TIMING.reconnectMaxMs);

describe('refresher', () => {
  it('runs once now and once more after a burst, never two at a time', async () => {
    let runs = 0;
    let running = 0;
    let most = 0;
    const refresh = refresher(async () => {
      runs++;
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 100));
      running--;
    });
    refresh();
    refresh();
    refresh();
    await vi.advanceTimersByTimeAsync(250);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });
});

describe('unread counts', () => {
  async function live(account: SessionUser) {
    signInAs(account);
    const stop = $unread.listen(() => undefined);
    await settle();
    FakeStream.last.say({ type: 'ready' });
    return stop;
  }

  it('counts the other party’s messages per closed chat, and on the bookings tab while it is not shown', async () => {
    const ama = user('customer');
    const stop = await live(ama);
    const say = (bookingId: number, senderId: number) =>
      FakeStream.last.say({ type: 'chat.message', bookingId, messageId: serial++, senderId });
    say(1, 999);
    say(1, 999);
    say(2, ama.id); // her own
    expect($unread.get()).toEqual({ bookings: 2, chats: { 1: 2 } });

    const shown = showingBookings();
    expect($unread.get().bookings).toBe(0);
    say(2, 999);
    expect($unread.get()).toEqual({ bookings: 0, chats: { 1: 2, 2: 1 } });
    const reading = readingChat(1);
    expect($unread.get().chats).toEqual({ 2: 1 });
    say(1, 999);
    expect($unread.get().chats).toEqual({ 2: 1 });
    reading();
    shown();
    say(1, 999);
    expect($unread.get()).toEqual({ bookings: 1, chats: { 1: 1, 2: 1 } });
    stop();
  });

  it('counts a booking’s news made by the other party only', async () => {
    const customer = await live(user('customer'));
    FakeStream.last.say({ type: 'booking.created', bookingId: 1, status: 'pending' }); // she booked
    FakeStream.last.say({ type: 'booking.cancelled', bookingId: 1, status: 'cancelled' }); // she cancelled
    expect($unread.get().bookings).toBe(0);
    FakeStream.last.say({ type: 'booking.accepted', bookingId: 2, status: 'confirmed' });
    FakeStream.last.say({ type: 'booking.completed', bookingId: 2, status: 'completed' });
    expect($unread.get().bookings).toBe(2);
    customer();

    // Another account signs in: the counts start again, by the professional's side.
    await live(user('professional'));
    expect($unread.get().bookings).toBe(0);
    FakeStream.last.say({ type: 'booking.accepted', bookingId: 2, status: 'confirmed' });
    FakeStream.last.say({ type: 'booking.created', bookingId: 3, status: 'pending' });
    expect($unread.get().bookings).toBe(1);
  });
});

describe('the bookings store, live', () => {
  it('reads the list again on a booking’s news or `reset` (once more after a burst), and counts the change', async () => {
    signInAs(user());
    $bookings.set(LOADING);
    const stop = $bookingsChanged.listen(() => undefined);
    await settle();
    FakeStream.last.say({ type: 'ready' });
    // The list was not loaded: the news is a change for the figures, and nothing is read.
    const before = $bookingsChanged.get();
    FakeStream.last.say({ type: 'booking.accepted', bookingId: 1, status: 'confirmed' }, 'c-1');
    expect($bookingsChanged.get()).toBe(before + 1);
    expect(reads).toEqual([]);

    // Watched, the list is read by itself.
    const watching = $bookings.listen(() => undefined);
    await settle();
    expect(reads).toHaveLength(1);
    FakeStream.last.say({ type: 'booking.completed', bookingId: 1, status: 'completed' }, 'c-2');
    FakeStream.last.say({ type: 'booking.cancelled', bookingId: 2, status: 'cancelled' }, 'c-3');
    FakeStream.last.say({ type: 'reset' });
    await settle();
    expect(reads).toHaveLength(3);
    watching();
    stop();
  });
});
