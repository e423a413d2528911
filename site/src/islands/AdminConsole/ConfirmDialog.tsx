import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Modal } from '../../ui/Modal.tsx';

interface Props {
  title: string;
  /** What will happen, in plain words: the dialog's description for screen readers. */
  question: string;
  confirmLabel: string;
  /** Money leaves or access ends: the confirm button is red. */
  danger?: boolean;
  /** Gets the form's fields (a note, where the action keeps one). */
  onConfirm: (fields: FormData) => void;
  onCancel: () => void;
  /** Fields between the question and the buttons. */
  children?: ReactNode;
}

/**
 * Asks before a change to money or access (issue #16): the question says what will happen, and
 * nothing is sent until the confirm button is pressed. Cancel, × and Escape send nothing and give
 * focus back to the button that opened it (Modal).
 */
export function ConfirmDialog({ title, question, confirmLabel, danger, onConfirm, onCancel, children }: Props) {
  const questionId = useId();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(new FormData(event.currentTarget));
  }
  return (
    <Modal title={title} onClose={onCancel} alert describedBy={questionId}>
      <form className="pd-stack" onSubmit={onSubmit}>
        <p id={questionId} className="admin-question">
          {question}
        </p>
        {children}
        <div className="pd-tools">
          <button type="submit" className={danger ? 'btn auth-button admin-danger-solid' : 'btn auth-button'}>
            {confirmLabel}
          </button>
          <button type="button" className="btn btn-line auth-button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
