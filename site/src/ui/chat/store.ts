import { atom, onMount, type PreinitializedWritableAtom } from 'nanostores';
import { type ChatMessage, listChatMessages } from '../../../../contract/bookings.ts';
import { timeBetween } from '../../../../contract/dates.ts';
import { NetworkError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { $live, onUserEvent, refresher } from '../../stores/events.ts';
import { noteShowingKept } from '../../stores/connection.ts';
import { $session } from '../../stores/session.ts';
import { mergeMessages } from './chat-messages.ts';
import { keepChat, readKeptChat } from './kept-chats.ts';

/** A read with nothing new keeps the chat again (its time) only this long after the last. */
const KEEP_AGAIN_MS = 60_000;

/** One booking's chat as shown: its messages in order, whether a first read came, the last read's failure. */
export interface ChatShown {
  messages: ChatMessage[];
  loaded: boolean;
  loadError: string | null;
  /** The last read got no answer at all: the offline banner says so (stores/connection.ts). */
  noAnswer: boolean;
  /** The messages shown are the ones kept on the phone at this time (ms), not read since; else null. */
  keptAt: number | null;
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
 * Until the first read comes, the messages kept on the phone are shown (./kept-chats.ts); every
 * read keeps what is shown, for the account signed in.
 */
const chats = new Map<number, ChatStore>();
export function chatOf(bookingId: number): ChatStore {
  const known = chats.get(bookingId);
  if (known) return known;
  const made = makeChat(bookingId);
  chats.set(bookingId, made);
  return made;
}

function makeChat(bookingId: number): ChatStore {
  const $chat = atom<ChatShown>({ messages: [], loaded: false, loadError: null, noAnswer: false, keptAt: null });
  let lastId = 0;
  let fromStart = false;
  const account = () => $session.get().user?.id;
  let keptLast = 0;
  const keepShown = () => {
    const me = account();
    if (me === undefined) return;
    keepChat(me, bookingId, $chat.value.messages);
    keptLast = Date.now();
  };

  const read = refresher(async () => {
    const since = fromStart ? 0 : lastId;
    fromStart = false;
    try {
      const input = { params: { id: bookingId }, query: { since: String(since) } };
      const answer = await call(listChatMessages, input, { token: $session.get().token });
      for (const m of answer.messages) lastId = Math.max(lastId, m.id);
      const messages = mergeMessages($chat.value.messages, answer.messages);
      $chat.set({ messages, loaded: true, loadError: null, noAnswer: false, keptAt: null });
      // Written again when something came, else at most once a minute (for its age): reads are frequent.
      if (answer.messages.length > 0 || timeBetween(keptLast, Date.now()) > KEEP_AGAIN_MS) keepShown();
    } catch (error) {
      const loadError = error instanceof Error ? error.message : 'Could not load messages.';
      const noAnswer = error instanceof NetworkError;
      $chat.set({ ...$chat.value, loadError, noAnswer });
      if (noAnswer && $chat.value.keptAt !== null) noteShowingKept($chat.value.keptAt);
    }
  });

  /** Nothing read yet: the messages kept on the phone meanwhile (a chat opened without a signal). */
  function showKept(): void {
    const me = account();
    if ($chat.value.loaded || $chat.value.messages.length > 0 || me === undefined) return;
    const kept = readKeptChat(me, bookingId);
    if (kept) $chat.set({ ...$chat.value, messages: kept.data, keptAt: kept.at });
  }

  onMount($chat, () => {
    showKept();
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
    addMessages: (sent) => {
      $chat.set({ ...$chat.value, messages: mergeMessages($chat.value.messages, sent) });
      // Kept only over a chat read from the server: a kept one may lack the other side's news.
      if ($chat.value.loaded) keepShown();
    },
  };
}
