import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../../contract/bookings.ts';
import type { LiveEvent } from '../../stores/events.ts';
import { MapStorage } from '../../stores/map-storage.test-helper.ts';
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
  vi.stubGlobal('localStorage', new MapStorage());
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

describe("a booking's chat kept on the phone", () => {
  /** A page opened anew (its own stores), signed in as `account`; the chat of `bookingId` shown until its read ends. */
  async function openOnNewPage(account: number, bookingId: number) {
    vi.resetModules();
    const { $session: session } = await import('../../stores/session.ts');
    const { $connection: connection } = await import('../../stores/connection.ts');
    const { chatOf: chats } = await import('./store.ts');
    session.set({ status: 'signed-in', token: `tok-${account}`, user: { id: account } as never });
    const chat = chats(bookingId);
    const unwatch = chat.$chat.listen(() => undefined);
    await vi.waitFor(() => expect(chat.$chat.value.loaded || chat.$chat.value.loadError !== null).toBe(true));
    return {
      shown: chat.$chat.value,
      bannerAge: connection.get().shownAt,
      close: () => {
        unwatch();
        cleanStores(chat.$chat);
      },
    };
  }
  const noConnection = async (url: string) => {
    asked.push(url);
    throw new TypeError('Failed to fetch');
  };

  it('opened without a connection, shows the messages seen before and their age; never to another account', async () => {
    answer = () => json(200, { success: true, messages: [message(1), message(2)] });
    const before = Date.now();
    const online = await openOnNewPage(7, 11);
    expect(online.shown).toMatchObject({ loaded: true, keptAt: null });
    online.close();

    vi.stubGlobal('fetch', noConnection);
    const offline = await openOnNewPage(7, 11);
    expect(offline.shown.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(offline.shown).toMatchObject({ loaded: false, noAnswer: true });
    expect(offline.shown.keptAt).toBeGreaterThanOrEqual(before);
    // The banner gives the same age (stores/connection.ts).
    expect(offline.bannerAge).toBe(offline.shown.keptAt);
    offline.close();

    const otherAccount = await openOnNewPage(8, 11);
    expect(otherAccount.shown).toMatchObject({ messages: [], keptAt: null, noAnswer: true, loaded: false });
    otherAccount.close();
  });

  it('a read refused by the server is no lost connection; the kept messages are replaced by the ones read', async () => {
    answer = () => json(200, { success: true, messages: [message(1)] });
    (await openOnNewPage(7, 12)).close();
    answer = () => json(403, { success: false, message: 'Not your booking.' });
    const refused = await openOnNewPage(7, 12);
    expect(refused.shown).toMatchObject({ noAnswer: false, loadError: 'Not your booking.' });
    refused.close();
    answer = () => json(200, { success: true, messages: [message(1), message(5)] });
    const read = await openOnNewPage(7, 12);
    expect(read.shown).toMatchObject({ loaded: true, keptAt: null });
    expect(read.shown.messages.map((m) => m.id)).toEqual([1, 5]);
    read.close();
  });
});
