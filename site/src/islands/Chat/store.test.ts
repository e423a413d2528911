import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../../contract/bookings.ts';
import type { LiveEvent } from '../../stores/events.ts';
import { chatOf } from './store.ts';

/** Who listens for live news: the test tells them news, with its booking, as the stream would. */
const listening = vi.hoisted(() => new Set<{ types: readonly string[]; handler: (event: never) => void }>());
vi.mock('../../stores/events.ts', async (actual) => ({
  ...(await actual<typeof import('../../stores/events.ts')>()),
  onUserEvent: (types: readonly string[], handler: (event: never) => void) => {
    const listener = { types, handler };
    listening.add(listener);
    return () => listening.delete(listener);
  },
}));
const tell = (event: LiveEvent) => {
  for (const l of [...listening]) if (l.types.includes(event.type)) l.handler(event as never);
};

const message = (id: number): ChatMessage => ({
  id,
  senderId: 1,
  senderName: 'Ama',
  senderAvatar: null,
  body: `message ${id}`,
  createdAt: '2025-01-10T10:00:00.000Z',
  clientKey: null,
  systemEvent: null,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answer: () => Response;
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const shownIds = (bookingId: number) => chatOf(bookingId).$chat.value.messages.map((m) => m.id);

describe("a booking's chat", () => {
  it('is read when shown, then only what came after the last message, on its own news; all again on reset', async () => {
    const chat = chatOf(3);
    answer = () => json(200, { success: true, messages: [message(1), message(2)] });
    expect(asked).toEqual([]);
    const unwatch = chat.$chat.listen(() => undefined);
    await vi.waitFor(() => expect(chat.$chat.value.loaded).toBe(true));
    expect(asked).toEqual(['/api/bookings/3/messages?since=0']);

    tell({ type: 'chat.message', bookingId: 4, messageId: 9, senderId: 2 });
    expect(asked).toHaveLength(1);
    answer = () => json(200, { success: true, messages: [message(3)] });
    tell({ type: 'chat.message', bookingId: 3, messageId: 3, senderId: 2 });
    await vi.waitFor(() => expect(shownIds(3)).toEqual([1, 2, 3]));
    expect(asked[1]).toBe('/api/bookings/3/messages?since=2');

    tell({ type: 'reset' });
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]).toBe('/api/bookings/3/messages?since=0');
    unwatch();
    cleanStores(chat.$chat);
  });

  it('a failed read keeps the messages shown and says why; a sent message shows at once', async () => {
    const chat = chatOf(5);
    answer = () => json(200, { success: true, messages: [message(1)] });
    const unwatch = chat.$chat.listen(() => undefined);
    await vi.waitFor(() => expect(chat.$chat.value.loaded).toBe(true));

    answer = () => json(403, { success: false, message: 'Not your booking.' });
    tell({ type: 'poll' });
    await vi.waitFor(() => expect(chat.$chat.value.loadError).toBe('Not your booking.'));
    expect(shownIds(5)).toEqual([1]);

    chat.addMessages([message(7)]);
    expect(shownIds(5)).toEqual([1, 7]);
    unwatch();
    cleanStores(chat.$chat);
  });
});
