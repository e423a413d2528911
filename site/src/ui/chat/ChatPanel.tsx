import { useId } from 'react';
import { seenAtLabel } from '../../../../contract/dates.ts';
import { OFFLINE_WORDS } from '../../../../contract/connection.ts';
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
  const { messages, loaded, loadError, noAnswer, keptAt } = reads;
  const { draft, setDraft, sendError, sending, queued, onSend } = useChatSending(bookingId, token, meId, reads);
  const titleId = useId();

  return (
    <section className="chat" aria-labelledby={titleId}>
      <h3 id={titleId} className="chat-title">
        Chat with {otherName}
      </h3>
      {/* Not read since it was kept (no signal, or not yet): its age. */}
      {keptAt !== null && loadError ? (
        <p className="chat-kept" role="status">
          {OFFLINE_WORDS.savedAt(seenAtLabel(keptAt, Date.now()))}
        </p>
      ) : null}
      <MessageList messages={messages} queued={queued} meId={meId} otherName={otherName} />
      {(loaded || keptAt !== null) && messages.length === 0 && queued.length === 0 ? (
        <p className="chat-empty">No messages yet. Say hello!</p>
      ) : null}
      {!loaded && keptAt === null && !loadError ? (
        <p className="chat-empty" role="status">
          Loading messages...
        </p>
      ) : null}
      <ReadFailure loadError={loadError} noAnswer={noAnswer} nothingShown={!loaded && keptAt === null} />
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

/**
 * Why the messages are not fresh. No answer at all: the offline banner says so for the page
 * (docs/PRODUCT.md "Working offline"), so the chat says nothing, or that it has nothing to show.
 */
function ReadFailure({
  loadError,
  noAnswer,
  nothingShown,
}: {
  loadError: string | null;
  noAnswer: boolean;
  nothingShown: boolean;
}) {
  if (!loadError || (noAnswer && !nothingShown)) return null;
  return (
    <p className={noAnswer ? 'chat-empty' : 'chat-error'} role="status">
      {noAnswer ? OFFLINE_WORDS.notLoaded : `Could not load new messages. ${loadError} We keep trying.`}
    </p>
  );
}

export default ChatPanel;
