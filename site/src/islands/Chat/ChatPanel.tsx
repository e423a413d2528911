import { useId } from 'react';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { useChatReads } from './useChatReads.ts';
import { useChatSending } from './useChatSending.ts';
import './chat.css';

export interface ChatPanelProps {
  bookingId: number;
  token: string;
  /** The signed-in user's id: their messages show as "You". */
  meId: number;
  otherName: string;
}

/**
 * The chat of one booking between its two parties (used by the customer and professional
 * dashboards). A polite live log; a failed send keeps the typed text.
 */
export function ChatPanel({ bookingId, token, meId, otherName }: ChatPanelProps) {
  const reads = useChatReads(bookingId);
  const { messages, loaded, loadError } = reads;
  const { draft, setDraft, sendError, sending, queued, onSend } = useChatSending(bookingId, token, meId, reads);
  const titleId = useId();

  return (
    <section className="chat" aria-labelledby={titleId}>
      <h3 id={titleId} className="chat-title">
        Chat with {otherName}
      </h3>
      <MessageList messages={messages} queued={queued} meId={meId} otherName={otherName} />
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
      <Composer
        otherName={otherName}
        draft={draft}
        onDraft={setDraft}
        sendError={sendError}
        sending={sending}
        onSend={(e) => void onSend(e)}
      />
    </section>
  );
}

export default ChatPanel;
