import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../../../../contract/bookings.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { messageTime, stillWaiting } from './chat-messages.ts';
import type { Waiting } from './chat-messages.ts';

interface MessageListProps {
  messages: ChatMessage[];
  /** Typed here and not yet stored by the server: shown last, as waiting. */
  queued: Waiting[];
  /** The signed-in user's id: their messages show as "You". */
  meId: number;
  otherName: string;
}

/** The chat's messages, oldest first: a polite live log that scrolls to the newest. */
export function MessageList({ messages, queued, meId, otherName }: MessageListProps) {
  const log = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest message whenever one arrives
  useEffect(() => {
    const node = log.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [messages.length]);

  return (
    <ol
      ref={log}
      className="chat-log"
      role="log"
      aria-live="polite"
      aria-label={`Messages with ${otherName}`}
      tabIndex={0}
    >
      {messages.map((m) => {
        // A booking step (a time proposed, a request expired): a line of its own, from nobody's side.
        if (m.systemEvent)
          return (
            <li key={m.id} className="chat-msg is-system">
              <span className="chat-body">{m.body}</span>
              <time className="chat-time" dateTime={m.createdAt}>
                {messageTime(m.createdAt)}
              </time>
            </li>
          );
        const mine = m.senderId === meId;
        return (
          <li key={m.id} className={`chat-msg${mine ? ' is-mine' : ''}`}>
            <span className="chat-who">
              <Avatar name={m.senderName || otherName} src={m.senderAvatar} size="xs" />{' '}
              {mine ? 'You' : m.senderName || otherName}
            </span>
            <span className="chat-body">{m.body}</span>
            <time className="chat-time" dateTime={m.createdAt}>
              {messageTime(m.createdAt)}
            </time>
          </li>
        );
      })}
      {stillWaiting(queued, messages).map((w) => (
        <li key={w.key} className="chat-msg is-mine is-waiting">
          <span className="chat-who">You</span>
          <span className="chat-body">{w.body}</span>
          <span className="chat-time">Waiting to send</span>
        </li>
      ))}
    </ol>
  );
}
