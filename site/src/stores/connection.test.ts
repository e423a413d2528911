import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { health } from '../../../contract/health.ts';
import { offlineBannerText } from '../ui/OfflineBanner.tsx';
import {
  $connection,
  noteAnswered,
  noteNoAnswer,
  noteShowingKept,
  RECHECK,
  recheckDelay,
  resetConnectionForTests,
} from './connection.ts';

/**
 * The server as the page's checks see it: down (no answer), black-holed (no answer ever, until the
 * check gives up) or up (any answer).
 */
let server: 'down' | 'black-hole' | 'up';
let checks: { at: number; path: string; init: RequestInit }[];
let page: EventTarget & { visibilityState: DocumentVisibilityState };

beforeEach(() => {
  vi.useFakeTimers();
  server = 'down';
  checks = [];
  vi.stubGlobal('window', new EventTarget());
  page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  vi.stubGlobal('document', page);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      checks.push({ at: Date.now(), path, init });
      if (server === 'up') return new Response('{"ok":true}', { status: 200 });
      if (server === 'down') throw new TypeError('Failed to fetch');
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }),
  );
});

afterEach(() => {
  cleanStores($connection);
  resetConnectionForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The page shows the connection (the banner listens): its checks run while offline. */
const shown = () => $connection.listen(() => undefined);

describe('the connection, said once for the whole page', () => {
  it('a call with no answer is offline; any answer (even a refusal) ends it and counts a return', () => {
    noteNoAnswer();
    expect($connection.get().offline).toBe(true);
    noteNoAnswer();
    noteAnswered(1000);
    expect($connection.get()).toEqual({ offline: false, shownAt: 1000, backOnline: 1 });
    noteAnswered(2000);
    expect($connection.get().backOnline).toBe(1);
  });

  it('data kept on the device gives the screen its age: the oldest shown', () => {
    noteShowingKept(5000);
    noteShowingKept(3000);
    noteShowingKept(4000);
    expect($connection.get().shownAt).toBe(3000);
  });
});

describe('the offline banner', () => {
  // Ghana time, whatever the phone's zone (contract/dates.ts seenAtLabel).
  const today = Date.parse('2026-11-27T10:42:00Z');
  it('names the time what is on screen came from the server, and the day when not today', () => {
    expect(offlineBannerText(today, today + 60_000)).toBe(
      'No connection. Showing what was on screen at 10:42 AM; it updates by itself when you are back online.',
    );
    expect(offlineBannerText(Date.parse('2026-11-25T09:05:00Z'), today)).toBe(
      'No connection. Showing what was on screen at 9:05 AM on 25 Nov; it updates by itself when you are back online.',
    );
  });
  it('without anything from the server yet, says what will happen', () => {
    expect(offlineBannerText(null)).toBe('No connection. We will try again when you are back online.');
  });
});

describe('while offline with no `online` to come, the page asks the server itself', () => {
  it('checks after 1 s, 2 s, then every 3 s at most, each bypassing every cache; the first answer ends offline', async () => {
    const stop = shown();
    const started = Date.now();
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(checks.length).toBeGreaterThanOrEqual(7);
    expect(checks[0].at - started).toBeLessThanOrEqual(1_000);
    expect(checks[1].at - checks[0].at).toBeLessThanOrEqual(2_000);
    for (let i = 2; i < checks.length; i++) {
      expect(checks[i].at - checks[i - 1].at).toBeLessThanOrEqual(3_000);
      expect(checks[i].at - checks[i - 1].at).toBeGreaterThanOrEqual(3_000 * (1 - RECHECK.spread));
    }
    for (const check of checks) {
      expect(check.path).toBe(health.path);
      expect(check.init.cache).toBe('no-store');
    }
    expect($connection.get().offline).toBe(true);

    // The server is back: within 3 s the banner goes, and the parts hear of it (backOnline).
    server = 'up';
    const back = Date.now();
    await vi.advanceTimersByTimeAsync(3_000);
    expect($connection.get()).toMatchObject({ offline: false, backOnline: 1, shownAt: null });
    const after = checks.filter((c) => c.at >= back);
    expect(after).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks.filter((c) => c.at >= back)).toHaveLength(1); // no more checks once answered
    stop();
  });

  it('gives up on a check that gets no answer at all, and starts the next one on time', async () => {
    const stop = shown();
    server = 'black-hole';
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(checks.length).toBeGreaterThanOrEqual(5);
    for (const check of checks.slice(0, -2)) expect(check.init.signal?.aborted).toBe(true);
    server = 'up';
    await vi.advanceTimersByTimeAsync(3_000);
    expect($connection.get().offline).toBe(false);
    stop();
  });

  it('asks once a minute while the page is hidden, and at once when it is shown again', async () => {
    const stop = shown();
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(RECHECK.hiddenMs - 1);
    expect(checks).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toHaveLength(1);
    server = 'up';
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(checks).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(0);
    expect($connection.get().offline).toBe(false);
    stop();
  });

  it('does not ask when the browser has no network at all: its `online` ends it', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const stop = shown();
    expect($connection.get().offline).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checks).toHaveLength(0);
    vi.stubGlobal('navigator', { onLine: true });
    window.dispatchEvent(new Event('online'));
    expect($connection.get().offline).toBe(false);
    stop();
  });

  it('soon after a check found the server, one call without an answer is checked before the page goes offline', async () => {
    const stop = shown();
    noteNoAnswer();
    server = 'up';
    await vi.advanceTimersByTimeAsync(1_000);
    expect($connection.get()).toMatchObject({ offline: false, backOnline: 1 });
    // One address that does not get through while the server answers: no offline-online loop.
    checks = [];
    noteNoAnswer();
    noteNoAnswer();
    expect($connection.get().offline).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toHaveLength(1);
    expect($connection.get()).toMatchObject({ offline: false, backOnline: 1 });
    // The signal goes again: the check gets no answer either, and the page is offline.
    server = 'down';
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(0);
    expect($connection.get().offline).toBe(true);
    // Long after the last answer, a call without one is believed at once.
    server = 'up';
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(RECHECK.trustMs);
    checks = [];
    noteNoAnswer();
    expect($connection.get().offline).toBe(true);
    expect(checks).toHaveLength(0);
    stop();
  });

  it('spreads the waits by up to a fifth, never longer than the schedule', () => {
    for (let done = 0; done < 10; done++) {
      const full = RECHECK.delaysMs[Math.min(done, RECHECK.delaysMs.length - 1)];
      const delay = recheckDelay(done);
      expect(delay).toBeLessThanOrEqual(full);
      expect(delay).toBeGreaterThanOrEqual(full * (1 - RECHECK.spread));
    }
  });
});
