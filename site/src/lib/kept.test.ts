import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapStorage } from '../stores/map-storage.test-helper.ts';
import { forgetKept, keep, KEPT_VERSION, MAX_KEPT_CHARS, readKept } from './kept.ts';

let storage: MapStorage;
beforeEach(() => {
  storage = new MapStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('data kept on the device for offline use', () => {
  it('gives back what was kept for that account, with the time it came from the server', () => {
    keep('bookings', 7, [{ id: 1 }], 1_700_000_000_000);
    expect(readKept('bookings', 7)).toEqual({ data: [{ id: 1 }], at: 1_700_000_000_000 });
  });

  it("never gives one account's data to another account on the same phone", () => {
    keep('record', 7, { name: 'Ama' });
    expect(readKept('record', 8)).toBeNull();
  });

  it('keeps nothing too large (the storage is never filled), and drops the older copy', () => {
    keep('bookings', 7, ['small']);
    keep('bookings', 7, ['x'.repeat(MAX_KEPT_CHARS)]);
    expect(readKept('bookings', 7)).toBeNull();
  });

  it('ignores what an older release kept in another shape, and what is unreadable', () => {
    storage.setItem('sc-kept:7:record', JSON.stringify({ v: KEPT_VERSION - 1, at: 1, data: { old: true } }));
    expect(readKept('record', 7)).toBeNull();
    storage.setItem('sc-kept:7:figures', '{not json');
    expect(readKept('figures', 7)).toBeNull();
  });

  it('forgets every account’s kept data at sign-out, and nothing else', () => {
    keep('record', 7, { a: 1 });
    keep('bookings', 9, []);
    storage.setItem('authToken', 'kept-by-the-session-store');
    forgetKept();
    expect(readKept('record', 7)).toBeNull();
    expect(readKept('bookings', 9)).toBeNull();
    expect(storage.getItem('authToken')).toBe('kept-by-the-session-store');
  });

  it('a storage that refuses writes (full, private mode) keeps nothing and throws nothing', () => {
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => keep('record', 7, { a: 1 })).not.toThrow();
    expect(readKept('record', 7)).toBeNull();
  });
});
