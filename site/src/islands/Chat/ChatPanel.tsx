import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { ChatMessage } from '../../../../contract/bookings.ts';
import { messageSchema } from '../../../../contract/bookings.ts';
import { clockTime, dayMonth } from '../../../../contract/dates.ts';
import { apiFetch, NetworkError } from '../../lib/api.ts';
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
  /** Messages typed while offline, sent in order once the connection is back (kept while the chat is open). */
  const [queued, setQueued] = useState<string[]>([]);
  const queuedRef = useRef<string[]>([]);
  const flushing = useRef(false);
  const lastId = useRef(0);
  const log = useRef<HTMLOListElement>(null);
  const ids = { title: useId(), input: useId(), error: useId() };

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
  }, [bookingId, token]);

  /** Sends the queued messages in order; stops at the first that still cannot reach the server. */
  async function flush(): Promise<void> {
    if (flushing.current) return;
    flushing.current = true;
    try {
      while (queuedRef.current.length > 0) {
        const body = queuedRef.current[0];
        try {
          await send(body);
        } catch (error) {
          if (error instanceof NetworkError) return;
          setSendError(
            error instanceof Error ? `Message not sent: ${error.message}` : 'Message not sent. Please try again.',
          );
          setDraft((current) => current || body);
        }
        queuedRef.current = queuedRef.current.slice(1);
        setQueued(queuedRef.current);
      }
      setSendError((current) => (current === CHAT_OFFLINE ? null : current));
    } finally {
      flushing.current = false;
    }
  }

  async function send(body: string): Promise<void> {
    const answer = await apiFetch<{ message: ChatMessage }>(`/api/bookings/${bookingId}/messages`, {
      method: 'POST',
      body: { body },
      token,
    });
    // Not moving lastId: a message from the other side sent just before ours must still arrive.
    setMessages((current) => merge(current, [answer.message]));
  }

  // Back online (or the chat's next successful read): send what was kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener is re-added per chat; flush reads the queue through a ref
  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
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
    setSending(true);
    setSendError(null);
    try {
      if (queuedRef.current.length > 0) throw new NetworkError(); // keep the order: behind the kept ones
      await send(parsed.data.body);
      setDraft('');
    } catch (error) {
      if (error instanceof NetworkError) {
        queuedRef.current = [...queuedRef.current, parsed.data.body];
        setQueued(queuedRef.current);
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
        {queued.map((body, i) => (
          <li key={`queued-${i}`} className="chat-msg is-mine is-waiting">
            <span className="chat-who">You</span>
            <span className="chat-body">{body}</span>
            <span className="chat-time">Waiting for a connection</span>
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
