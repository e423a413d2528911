import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { type ChatMessage, messageSchema, sendChatMessage } from '../../../../contract/bookings.ts';
import { NetworkError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { keep } from '../../lib/kept.ts';
import { onBackOnline } from '../../stores/connection.ts';
import {
  CHAT_OFFLINE,
  MAX_WAITING,
  messageKey,
  noAnswer,
  notSentText,
  readWaiting,
  TOO_MANY_WAITING,
  waitingKey,
} from './chat-messages.ts';
import type { Waiting } from './chat-messages.ts';

interface ChatReads {
  messages: ChatMessage[];
  addMessages: (sent: ChatMessage[]) => void;
  loaded: boolean;
  loadError: string | null;
}

/**
 * The message being typed and the ones waiting to be sent: messages typed while offline (or whose
 * answer was lost) are sent in order once the connection is back, each with its key so the server
 * stores it once; kept on the phone until then. A failed send keeps the typed text.
 */
export function useChatSending(bookingId: number, token: string, meId: number, reads: ChatReads) {
  const { messages, addMessages, loaded, loadError } = reads;
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [queued, setQueued] = useState<Waiting[]>([]);
  const queuedRef = useRef<Waiting[]>([]);
  const setWaiting = (next: Waiting[]) => {
    queuedRef.current = next;
    setQueued(next);
    keep(waitingKey(bookingId), meId, next);
  };
  const flushing = useRef(false);

  useEffect(() => {
    queuedRef.current = readWaiting(meId, bookingId);
    setQueued(queuedRef.current);
  }, [bookingId, meId]);

  /** Sends the queued messages in order; stops at the first that still cannot reach the server. */
  async function flush(): Promise<void> {
    if (flushing.current) return;
    flushing.current = true;
    try {
      while (queuedRef.current.length > 0) {
        const waiting = queuedRef.current[0];
        try {
          await send(waiting);
        } catch (error) {
          if (noAnswer(error)) return;
          setSendError(notSentText(error));
          setDraft((current) => current || waiting.body);
        }
        setWaiting(queuedRef.current.filter((w) => w.key !== waiting.key));
      }
      setSendError((current) => (current === CHAT_OFFLINE ? null : current));
    } finally {
      flushing.current = false;
    }
  }

  async function send({ body, key }: Waiting): Promise<void> {
    const answer = await call(
      sendChatMessage,
      { params: { id: bookingId }, body: { body, clientKey: key } },
      { token },
    );
    addMessages([answer.message]);
  }

  // Back online (the browser says so, or a call was answered again), or the chat's next
  // successful read: send what was kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener is re-added per chat; flush reads the queue through a ref
  useEffect(() => onBackOnline(() => void flush()), [bookingId, token]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each successful read of the messages is the moment to send what was kept
  useEffect(() => {
    if (loaded && !loadError && queuedRef.current.length > 0) void flush();
  }, [messages, loaded, loadError]);

  async function onSend(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = messageSchema.safeParse({ body: draft });
    if (!parsed.success) {
      setSendError(parsed.error.issues[0]?.message ?? 'Type a message first.');
      return;
    }
    if (queuedRef.current.length >= MAX_WAITING) {
      setSendError(TOO_MANY_WAITING);
      return;
    }
    const message: Waiting = { key: messageKey(), body: parsed.data.body };
    setSending(true);
    setSendError(null);
    try {
      if (queuedRef.current.length > 0) throw new NetworkError(); // keep the order: behind the kept ones
      await send(message);
      setDraft('');
    } catch (error) {
      // No answer: the server may or may not have it; sent again with its key, it is stored once.
      if (noAnswer(error)) {
        setWaiting([...queuedRef.current, message]);
        setDraft('');
        setSendError(CHAT_OFFLINE);
      } else {
        setSendError(notSentText(error));
      }
    } finally {
      setSending(false);
    }
  }

  return { draft, setDraft, sendError, sending, queued, onSend };
}
