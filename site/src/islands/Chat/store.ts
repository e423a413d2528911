import { atom, onMount, type PreinitializedWritableAtom } from 'nanostores';
import { routePath } from '../../../../contract/api.ts';
import { BOOKINGS_PATHS, type ChatMessage, type ChatMessagesAnswer } from '../../../../contract/bookings.ts';
import { apiFetch } from '../../lib/api.ts';
import { keyedStore } from '../../lib/keyed-load.ts';
import { $live, onUserEvent, refresher } from '../../stores/events.ts';
import { $session } from '../../stores/session.ts';
import { mergeMessages } from './chat-messages.ts';

/** One booking's chat as shown: its messages in order, whether a first read came, the last read's failure. */
export interface ChatShown {
  messages: ChatMessage[];
  loaded: boolean;
  loadError: string | null;
}

export interface ChatStore {
  $chat: PreinitializedWritableAtom<ChatShown>;
  /** Shows messages this side sent without waiting for the next read. */
  addMessages: (sent: ChatMessage[]) => void;
}

/**
 * The messages of one booking's chat, one store per booking: read when the chat is first shown
 * (onMount), then only the messages after the last one read, when the live stream says one came
 * (stores/events.ts), when a stream opens (something may have come meanwhile), all of them again on
 * `reset`, the 3-second poll of before only while the stream cannot be opened, and when the page
 * is shown again without a stream. Reads never overlap: one asked for meanwhile runs after.
 */
export const chatOf = keyedStore((bookingId: number): ChatStore => {
  const $chat = atom<ChatShown>({ messages: [], loaded: false, loadError: null });
  let lastId = 0;
  let fromStart = false;

  const read = refresher(async () => {
    const since = fromStart ? 0 : lastId;
    fromStart = false;
    try {
      const path = `${routePath(BOOKINGS_PATHS.messages, { id: bookingId })}?since=${since}`;
      const answer = await apiFetch<ChatMessagesAnswer>(path, { token: $session.get().token });
      for (const m of answer.messages) lastId = Math.max(lastId, m.id);
      $chat.set({ messages: mergeMessages($chat.value.messages, answer.messages), loaded: true, loadError: null });
    } catch (error) {
      const loadError = error instanceof Error ? error.message : 'Could not load messages.';
      $chat.set({ ...$chat.value, loadError });
    }
  });

  onMount($chat, () => {
    read();
    const stopNews = onUserEvent(['chat.message', 'ready', 'reset', 'poll'], (event) => {
      if (event.type === 'chat.message' && event.bookingId !== bookingId) return;
      if (event.type === 'reset') fromStart = true;
      read();
    });
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && $live.get() !== 'live') read();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopNews();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  });

  return {
    $chat,
    // Not moving lastId: a message from the other side sent just before ours must still arrive.
    addMessages: (sent) => $chat.set({ ...$chat.value, messages: mergeMessages($chat.value.messages, sent) }),
  };
});
