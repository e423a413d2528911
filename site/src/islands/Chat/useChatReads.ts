import { useEffect, useRef, useState } from 'react';
import { BOOKINGS_PATHS, type ChatMessage, type ChatMessagesAnswer } from '../../../../contract/bookings.ts';
import { apiFetch } from '../../lib/api.ts';
import { $live, onUserEvent } from '../../stores/events.ts';
import { readingChat } from '../../stores/unread.ts';
import { mergeMessages } from './chat-messages.ts';
import { routePath } from '../../../../contract/api.ts';

/**
 * The messages of one booking's chat, read when the live stream says one came and kept in order;
 * `addMessages` shows messages this side sent without waiting for the next read.
 */
export function useChatReads(bookingId: number, token: string) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const lastId = useRef(0);

  useEffect(() => {
    lastId.current = 0;
    setMessages([]);
    setLoaded(false);
    let stopped = false;
    let inFlight = false;
    let again = false;
    let controller: AbortController | null = null;

    /** GET the messages after the last one shown (all of them with `from` 0); a call during one runs after it. */
    async function read(from?: number): Promise<void> {
      if (stopped) return;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      controller = new AbortController();
      try {
        const since = from ?? lastId.current;
        const answer = await apiFetch<ChatMessagesAnswer>(
          `${routePath(BOOKINGS_PATHS.messages, { id: bookingId })}?since=${since}`,
          {
            token,
            signal: controller.signal,
          },
        );
        if (stopped) return;
        for (const m of answer.messages) lastId.current = Math.max(lastId.current, m.id);
        setMessages((current) => mergeMessages(current, answer.messages));
        setLoadError(null);
        setLoaded(true);
      } catch (error) {
        if (!stopped) setLoadError(error instanceof Error ? error.message : 'Could not load messages.');
      } finally {
        inFlight = false;
      }
      if (again && !stopped) {
        again = false;
        await read();
      }
    }

    // New messages come with the live stream (stores/events.ts): a read when this booking has one,
    // when a stream opens (something may have come meanwhile), everything again on `reset`, and
    // the 3-second poll of before only while the stream cannot be opened.
    const unlisten = onUserEvent(['chat.message', 'ready', 'reset', 'poll'], (event) => {
      if (event.type === 'chat.message' && event.bookingId !== bookingId) return;
      void read(event.type === 'reset' ? 0 : undefined);
    });
    const unread = readingChat(bookingId);
    function onVisibility() {
      if (document.visibilityState === 'visible' && $live.get() !== 'live') void read();
    }

    void read();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      controller?.abort();
      unlisten();
      unread();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [bookingId, token]);

  // Not moving lastId: a message from the other side sent just before ours must still arrive.
  const addMessages = (sent: ChatMessage[]) => setMessages((current) => mergeMessages(current, sent));

  return { messages, addMessages, loaded, loadError };
}
