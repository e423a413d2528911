import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineBannerText } from '../ui/OfflineBanner.tsx';
import { $connection, noteAnswered, noteNoAnswer, noteShowingKept } from './connection.ts';

afterEach(() => {
  cleanStores($connection);
  $connection.set({ offline: false, shownAt: null, backOnline: 0 });
});

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
