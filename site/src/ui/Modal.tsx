import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useModalDialog } from './useModalDialog.ts';
import './dialog.css';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider, for the user profile. */
  wide?: boolean;
  /** role=alertdialog for a confirmation that asks before something cannot be undone. */
  alert?: boolean;
  /** The id of the text that says what the dialog asks (read after the title). */
  describedBy?: string;
}

/**
 * A modal <dialog> labelled by its heading: focus moves to the heading when it opens (so a screen
 * reader reads the title), stays inside while open, Escape closes it, and focus returns to the
 * control that opened it. Render it to open it; stop rendering it to close it.
 */
export function Modal({ title, onClose, children, wide, alert, describedBy }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useModalDialog(onClose, heading);
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      className={wide ? 'bd admin-dialog is-wide' : 'bd admin-dialog'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      role={alert ? 'alertdialog' : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="bd-form">
        <header className="bd-head">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="bd-title">
            {title}
          </h2>
          <button type="button" className="bd-x" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
