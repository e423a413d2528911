import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../../contract/bookings.ts';
import { forgetKept, MAX_KEPT_CHARS } from '../../lib/kept.ts';
import { MapStorage } from '../../stores/map-storage.test-helper.ts';
import { KEPT_CHATS, KEPT_MESSAGES, keepChat, MAX_CHAT_CHARS, readKeptChat } from './kept-chats.ts';

const message = (id: number, body = `message ${id}`): ChatMessage => ({
  id,
  senderId: 1,
  senderName: 'Ama',
  senderAvatar: null,
  body,
  createdAt: '2026-11-28T10:00:00.000Z',
  clientKey: null,
  systemEvent: null,
});
const messages = (count: number, body?: string) => Array.from({ length: count }, (_, i) => message(i + 1, body));
const keptIds = (account: number, bookingId: number) => readKeptChat(account, bookingId)?.data.map((m) => m.id);

let storage: MapStorage;
beforeEach(() => {
  storage = new MapStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('the chats kept on the phone', () => {
  it('gives back the messages seen, with the time they came from the server', () => {
    keepChat(7, 3, [message(1), message(2, 'The gate is blue. GH₵ 150 agreed.')], 1_700_000_000_000);
    expect(readKeptChat(7, 3)).toEqual({
      data: [message(1), message(2, 'The gate is blue. GH₵ 150 agreed.')],
      at: 1_700_000_000_000,
    });
    expect(readKeptChat(7, 4)).toBeNull();
  });

  it('keeps the newest 100 messages of a chat', () => {
    keepChat(7, 3, messages(KEPT_MESSAGES + 30));
    const ids = keptIds(7, 3);
    expect(ids).toHaveLength(KEPT_MESSAGES);
    expect(ids?.[0]).toBe(31);
    expect(ids?.at(-1)).toBe(KEPT_MESSAGES + 30);
  });

  it('keeps only as many of the newest long messages as fit its share of the storage', () => {
    keepChat(7, 3, messages(KEPT_MESSAGES, 'x'.repeat(2000)));
    const ids = keptIds(7, 3) ?? [];
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.length).toBeLessThan(KEPT_MESSAGES);
    expect(ids.at(-1)).toBe(KEPT_MESSAGES);
    const stored = [...storage.map.entries()].find(([key]) => key.endsWith(':messages:3'))?.[1] ?? '';
    expect(stored.length).toBeLessThan(MAX_CHAT_CHARS + 100);
    expect(MAX_CHAT_CHARS * KEPT_CHATS).toBeLessThan(5 * MAX_KEPT_CHARS);
  });

  it('keeps the chats of the last 10 bookings seen, and forgets the one seen longest ago', () => {
    for (let booking = 1; booking <= KEPT_CHATS; booking++) keepChat(7, booking, [message(booking)]);
    keepChat(7, 1, [message(1), message(50)]); // seen again: now the most recent
    keepChat(7, 100, [message(100)]);
    expect(keptIds(7, 2)).toBeUndefined();
    expect(keptIds(7, 1)).toEqual([1, 50]);
    expect(keptIds(7, 100)).toEqual([100]);
    const kept = [...storage.map.keys()].filter((key) => key.includes(':messages:'));
    expect(kept).toHaveLength(KEPT_CHATS);
  });

  it("never gives one account's chat to another account on the same phone", () => {
    keepChat(7, 3, [message(1, 'Gate code 4412')]);
    expect(readKeptChat(8, 3)).toBeNull();
    // Another account's bound is its own: keeping its chats forgets none of the first one's.
    for (let booking = 10; booking < 10 + KEPT_CHATS + 2; booking++) keepChat(8, booking, [message(booking)]);
    expect(keptIds(7, 3)).toEqual([1]);
  });

  it('is forgotten at sign-out with the rest of the kept data', () => {
    keepChat(7, 3, [message(1)]);
    keepChat(8, 4, [message(2)]);
    forgetKept();
    expect(readKeptChat(7, 3)).toBeNull();
    expect(readKeptChat(8, 4)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('ignores what is not a message (an older shape, an edited storage)', () => {
    keepChat(7, 3, [message(1)]);
    const key = [...storage.map.keys()].find((k) => k.endsWith(':messages:3')) ?? '';
    const kept = JSON.parse(storage.getItem(key) ?? '{}') as { data: unknown[] };
    kept.data.push({ id: 'x' }, null, 'text');
    storage.setItem(key, JSON.stringify(kept));
    expect(keptIds(7, 3)).toEqual([1]);
    storage.setItem(key, JSON.stringify({ ...kept, data: { not: 'a list' } }));
    expect(readKeptChat(7, 3)).toBeNull();
  });
});
