import { useId } from 'react';
import type { FormEvent } from 'react';

interface ComposerProps {
  otherName: string;
  draft: string;
  onDraft: (text: string) => void;
  /** Why the last message was not sent (or that it waits), read out at once. */
  sendError: string | null;
  sending: boolean;
  onSend: (event: FormEvent) => void;
}

/** The message being typed: Enter sends, Shift+Enter starts a new line. */
export function Composer({ otherName, draft, onDraft, sendError, sending, onSend }: ComposerProps) {
  const ids = { input: useId(), error: useId() };
  return (
    <form className="chat-form" onSubmit={onSend}>
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
          onChange={(e) => onDraft(e.target.value)}
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
  );
}
