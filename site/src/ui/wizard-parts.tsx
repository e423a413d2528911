import type { ReactNode } from 'react';
import { useFocusOn } from './useFocus.ts';

/** Parts shared by the sign-up and affiliate wizards. */

/** A labelled field with its hint and, when `error` is given, its problem (`${id}-error`, for aria-describedby). */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="wz-field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="wz-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="wz-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's alert: an inline role="alert" panel that takes focus when its message changes. */
export function Alert({ message }: { message: string }) {
  const ref = useFocusOn<HTMLDivElement>(message);
  if (!message) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="wz-alert">
      {message}
    </div>
  );
}

/**
 * Copies what the form's controls hold into the store: what was chosen or typed before the island
 * hydrated (the inputs are uncontrolled, so hydration leaves them as they are).
 */
export function captureForm(form: HTMLFormElement, set: (name: string, value: string | boolean) => void): void {
  for (const el of Array.from(form.elements)) {
    if (
      !(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) ||
      !el.name
    )
      continue;
    if (el instanceof HTMLInputElement && el.type === 'file') continue;
    if (el instanceof HTMLInputElement && el.type === 'radio') {
      if (el.checked) set(el.name, el.value);
    } else if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.checked) set(el.name, true);
    } else if (el.value) {
      set(el.name, el.value);
    }
  }
}
