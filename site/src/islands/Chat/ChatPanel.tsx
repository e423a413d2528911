import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { ChatMessage } from '../../../../contract/bookings.ts';
import { messageSchema } from '../../../../contract/bookings.ts';
import { clockTime, dayMonth } from '../../../../contract/dates.ts';
import { apiFetch, NetworkError, TimeoutError } from '../../lib/api.ts';
import { keep, readKept } from '../../lib/kept.ts';
import { $connection } from '../../stores/connection.ts';
import { $live, LIVE_TIMING, onUserEvent } from '../../stores/events.ts';
import { readingChat } from '../../stores/unread.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import './chat.css';

export interface ChatPanelProps {
  bookingId: number;
  token: string;
  /** The signed-in user's id: their messages show as "You". */
  meId: number;
  otherName: string;
}

/**
 * New messages arrive without reload: read with `since` when the live stream says one came (issue
 * #18); every CHAT_POLL_MS only while the stream cannot be opened (issue 4's poll, the fallback).
 */
export const CHAT_POLL_MS = LIVE_TIMING.pollMs;

export const CHAT_OFFLINE = 'No connection. Your message is kept; we will send it when you are back online.';
/** At most this many messages wait to be sent per chat (they are kept on the phone). */
export const MAX_WAITING = 20;
export const TOO_MANY_WAITING = `${MAX_WAITING} messages are waiting to be sent. Wait until you are back online, then send more.`;

/** A message typed here and not yet stored by the server, with the key it is always sent with. */
interface Waiting {
  key: string;
  body: string;
}

/**
 * A message's key (contract/bookings.ts MESSAGE_KEY_PATTERN): 128 random bits in hex. Made with
 * getRandomValues, which every browser has even on a plain-http address (randomUUID needs https).
 */
function messageKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The chat's waiting messages as kept on the phone (a reload or a closed chat loses none). */
const readWaiting = (meId: number, bookingId: number): Waiting[] =>
  readKept<Waiting[]>(`chat:${bookingId}`, meId)?.data.filter((w) => typeof w?.key === 'string') ?? [];

const clock = (iso: string) => {
  const d = new Date(iso);
  return `${dayMonth(d)} ${clockTime(d)}`;
};

function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The call got no answer (no connection, or none in time): the message may be sent again with its key. */
const noAnswer = (error: unknown) =>
  error instanceof NetworkError || (error instanceof TimeoutError && error.message !== 'Request aborted');

/**
 * The chat of one booking between its two parties (used by the customer and professional
 * dashboards). A polite live log; a failed send keeps the typed text.
 */
export function ChatPanel({ bookingId, token, meId, otherName }: ChatPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /**
   * Messages typed while offline (or whose answer was lost), sent in order once the connection is
   * back, each with its key so the server stores it once; kept on the phone until then.
   */
  const [queued, setQueued] = useState<Waiting[]>([]);
  const queuedRef = useRef<Waiting[]>([]);
  const setWaiting = (next: Waiting[]) => {
    queuedRef.current = next;
    setQueued(next);
    keep(`chat:${bookingId}`, meId, next);
  };
  const flushing = useRef(false);
  const lastId = useRef(0);
  const log = useRef<HTMLOListElement>(null);
  const ids = { title: useId(), input: useId(), error: useId() };

  useEffect(() => {
    lastId.current = 0;
    setMessages([]);
    setLoaded(false);
    queuedRef.current = readWaiting(meId, bookingId);
    setQueued(queuedRef.current);
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
        const answer = await apiFetch<{ messages: ChatMessage[] }>(
          `/api/bookings/${bookingId}/messages?since=${since}`,
          {
            token,
            signal: controller.signal,
          },
        );
        if (stopped) return;
        for (const m of answer.messages) lastId.current = Math.max(lastId.current, m.id);
        setMessages((current) => merge(current, answer.messages));
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
  }, [bookingId, token, meId]);

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
          setSendError(
            error instanceof Error ? `Message not sent: ${error.message}` : 'Message not sent. Please try again.',
          );
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
    const answer = await apiFetch<{ message: ChatMessage }>(`/api/bookings/${bookingId}/messages`, {
      method: 'POST',
      body: { body, clientKey: key },
      token,
    });
    // Not moving lastId: a message from the other side sent just before ours must still arrive.
    setMessages((current) => merge(current, [answer.message]));
  }

  // Back online (the browser says so, or a call was answered again), or the chat's next
  // successful read: send what was kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener is re-added per chat; flush reads the queue through a ref
  useEffect(() => {
    let seen = $connection.get().backOnline;
    return $connection.listen(({ backOnline }) => {
      if (backOnline === seen) return;
      seen = backOnline;
      void flush();
    });
  }, [bookingId, token]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each successful read of the messages is the moment to send what was kept
  useEffect(() => {
    if (loaded && !loadError && queuedRef.current.length > 0) void flush();
  }, [messages, loaded, loadError]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest message whenever one arrives
  useEffect(() => {
    const node = log.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [messages.length]);

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
        setSendError(
          error instanceof Error ? `Message not sent: ${error.message}` : 'Message not sent. Please try again.',
        );
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="chat" aria-labelledby={ids.title}>
      <h3 id={ids.title} className="chat-title">
        Chat with {otherName}
      </h3>
      <ol
        ref={log}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label={`Messages with ${otherName}`}
        tabIndex={0}
      >
        {messages.map((m) => {
          const mine = m.senderId === meId;
          // A step of the booking (docs/PRODUCT.md "Chat"): one centred line, no sender's bubble.
          if (m.senderId === null)
            return (
              <li key={m.id} className="chat-msg is-system">
                <span className="chat-body">{m.body}</span>
                <time className="chat-time" dateTime={m.createdAt}>
                  {clock(m.createdAt)}
                </time>
              </li>
            );
          return (
            <li key={m.id} className={`chat-msg${mine ? ' is-mine' : ''}`}>
              <span className="chat-who">
                <Avatar name={m.senderName || otherName} src={m.senderAvatar} size="xs" />{' '}
                {mine ? 'You' : m.senderName || otherName}
              </span>
              <span className="chat-body">{m.body}</span>
              <time className="chat-time" dateTime={m.createdAt}>
                {clock(m.createdAt)}
              </time>
            </li>
          );
        })}
        {queued
          .filter((w) => !messages.some((m) => m.clientKey === w.key)) // read back before its answer came
          .map((w) => (
            <li key={w.key} className="chat-msg is-mine is-waiting">
              <span className="chat-who">You</span>
              <span className="chat-body">{w.body}</span>
              <span className="chat-time">Waiting to send</span>
            </li>
          ))}
      </ol>
      {loaded && messages.length === 0 && queued.length === 0 ? (
        <p className="chat-empty">No messages yet. Say hello!</p>
      ) : null}
      {!loaded && !loadError ? (
        <p className="chat-empty" role="status">
          Loading messages...
        </p>
      ) : null}
      {loadError ? (
        <p className="chat-error" role="status">
          Could not load new messages. {loadError} We keep trying.
        </p>
      ) : null}
      <form className="chat-form" onSubmit={(e) => void onSend(e)}>
        <label htmlFor={ids.input} className="chat-label">
          Message {otherName}
        </label>
        <div className="chat-row">
          <textarea
            id={ids.input}
            rows={2}
            maxLength={2000}
            value={draft}
            aria-describedby={sendError ? ids.error : undefined}
            aria-invalid={sendError ? true : undefined}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <button type="submit" className="btn btn-sm chat-send" disabled={sending}>
            {sending ? 'Sending...' : 'Send'}
          </button>
        </div>
        {sendError ? (
          <p id={ids.error} className="chat-error" role="alert">
            {sendError}
          </p>
        ) : null}
      </form>
    </section>
  );
}

export default ChatPanel;
