import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { readingChat } from '../../stores/unread.ts';
import { chatOf } from './store.ts';

/**
 * The messages of one booking's chat (./store.ts, read while shown); `addMessages` shows messages
 * this side sent without waiting for the next read; `keptAt`, when the messages shown are the ones
 * kept on the phone. While shown, its messages are not counted unread.
 */
export function useChatReads(bookingId: number) {
  const chat = chatOf(bookingId);
  const { messages, loaded, loadError, noAnswer, keptAt } = useStore(chat.$chat);
  useEffect(() => readingChat(bookingId), [bookingId]);
  return { messages, addMessages: chat.addMessages, loaded, loadError, noAnswer, keptAt };
}
