import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** A question before an action that cannot be undone: focus goes to it, Yes acts, No puts it away. */
export function AskFirst(props: {
  label: string;
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
  /** Anything asked with the question (a decline's optional reason). */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="dash-confirm" role="group" aria-label={props.label}>
      <p>{props.question}</p>
      {props.children}
      <div className="form-actions">
        <button type="button" className="btn action-button" disabled={props.busy} onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" className="btn btn-line action-button" disabled={props.busy} onClick={props.onNo}>
          {props.no}
        </button>
      </div>
    </div>
  );
}
