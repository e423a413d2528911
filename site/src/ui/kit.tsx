import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { NAME_MAX, NAME_MIN, PHONE_MAX } from '../../../contract/account-types.ts';
import { Modal } from './Modal.tsx';
import { useFocusOn } from './useFocus.ts';
import './forms.css';
import './wizard.css';
import './dashboard.css';
import './kit.css';

/**
 * The forms-and-cards kit: every island builds its fields, form problems, submit buttons, card
 * sections, tables and confirmations from these (docs/HOUSE-RULES.md "Browser"), so labels, hints
 * and errors are wired for screen readers the same way everywhere. `kit.test.ts` counts what is
 * still drawn by hand.
 */

/** What a Field hands its control: the id its label names and the hint and error it is described by. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** The ids a field's hint and error get, for a control described by them from elsewhere. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/**
 * A labelled control with its hint and, when `error` is given, its problem. Given a function as
 * children, it hands the control its id, aria-describedby (hint, then error) and aria-invalid.
 */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode | ((control: ControlProps) => ReactNode);
}) {
  const ids = fieldIds(id);
  const describedBy = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ');
  const control: ControlProps = {
    id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {typeof children === 'function' ? children(control) : children}
      {hint ? (
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form's own problem (not one field's): a role="alert" panel. With `takeFocus` it takes focus
 * when its message changes, for a form whose problem belongs to no field a person could be sent to.
 */
export function FormProblem({
  message,
  id,
  takeFocus,
}: {
  message: string | null | undefined;
  id?: string;
  takeFocus?: boolean;
}) {
  const ref = useFocusOn<HTMLParagraphElement>(takeFocus ? message : null);
  if (!message) return null;
  return (
    <p ref={ref} id={id} tabIndex={takeFocus ? -1 : undefined} role="alert" className="form-problem">
      {message}
    </p>
  );
}

/** Where a LoadFailed stands, which gives its looks: a customer tab's panel, a dashboard's card, the admin console. */
const LOAD_FAILED_LOOKS = {
  panel: { box: 'cd-panel is-alert', button: 'btn btn-sm action-button' },
  card: { box: 'form-problem', button: 'btn btn-line action-button' },
  admin: { box: 'auth-panel is-alert admin-failed', button: 'btn btn-sm action-button' },
} as const;

/**
 * A part that could not load: the reason in words and Try Again, in its own place (the rest of the
 * page goes on), never sample data in its place.
 */
export function LoadFailed({
  message,
  onRetry,
  look = 'panel',
}: {
  message: string;
  onRetry: () => void;
  look?: keyof typeof LOAD_FAILED_LOOKS;
}) {
  const { box, button } = LOAD_FAILED_LOOKS[look];
  return (
    <div className={box} role="alert">
      <p>{message}</p>
      <button type="button" className={button} onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

/**
 * A password with a Show/Hide toggle (compact label, full name for screen readers). A form with a
 * second password (a confirmation) passes `shown` and `onShownChange` so one toggle shows both.
 */
export function PasswordField({
  id,
  label = 'Password',
  name = 'password',
  autoComplete = 'current-password',
  minLength,
  hint,
  error,
  describedBy,
  inputRef,
  shown: shownFromForm,
  onShownChange,
  toggleNames = 'password',
}: {
  id: string;
  label?: string;
  name?: string;
  autoComplete?: 'current-password' | 'new-password';
  minLength?: number;
  hint?: string;
  error?: string;
  /** A form-level problem this field is also described by. */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  shown?: boolean;
  onShownChange?: (shown: boolean) => void;
  /** What the toggle shows, for screen readers ("passwords" when it shows two). */
  toggleNames?: string;
}) {
  const [shownHere, setShownHere] = useState(false);
  const shown = shownFromForm ?? shownHere;
  const toggle = () => (onShownChange ? onShownChange(!shown) : setShownHere(!shown));
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <div className="password-row">
          <input
            {...control}
            ref={inputRef}
            aria-describedby={[control['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
            name={name}
            type={shown ? 'text' : 'password'}
            autoComplete={autoComplete}
            minLength={minLength}
            maxLength={200}
            required
          />
          <button
            type="button"
            className="btn btn-line btn-sm submit-button"
            aria-pressed={shown}
            aria-controls={id}
            onClick={toggle}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="sr-only"> {toggleNames}</span>
          </button>
        </div>
      )}
    </Field>
  );
}

/** The form's submit button: says it is sending and takes no second tap while it is. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  wide,
  describedBy,
  className,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  /** As wide as the form (the narrow sign-in-like forms). */
  wide?: boolean;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['btn submit-button', wide ? 'is-wide' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="submit" className={classes} disabled={busy || disabled} aria-describedby={describedBy}>
      {busy ? busyLabel : children}
    </button>
  );
}

export type PersonKey = 'firstName' | 'lastName' | 'name' | 'email' | 'phone';

/**
 * The name, email and phone of someone signing up or writing to us: `names` says whether the name
 * is asked in two parts (an account) or one (a message). `inputProps(key)` gives each input its name
 * and value wiring (a store's fieldProps, or just its name).
 */
export function PersonFields({
  idPrefix,
  names,
  phoneRequired,
  errors = {},
  inputProps,
}: {
  idPrefix: string;
  names: 'first-and-last' | 'one';
  phoneRequired?: boolean;
  errors?: Partial<Record<PersonKey, string>>;
  inputProps: (key: PersonKey) => InputHTMLAttributes<HTMLInputElement>;
}) {
  const id = (key: PersonKey) => `${idPrefix}-${key}`;
  const nameInput = (key: PersonKey, autoComplete: string) => (wiring: ControlProps) => (
    <input
      type="text"
      autoComplete={autoComplete}
      minLength={NAME_MIN}
      maxLength={NAME_MAX}
      required
      {...wiring}
      {...inputProps(key)}
    />
  );
  return (
    <>
      <div className="field-row">
        {names === 'first-and-last' ? (
          <>
            <Field id={id('firstName')} label="First Name" required error={errors.firstName}>
              {nameInput('firstName', 'given-name')}
            </Field>
            <Field id={id('lastName')} label="Last Name" required error={errors.lastName}>
              {nameInput('lastName', 'family-name')}
            </Field>
          </>
        ) : (
          <Field id={id('name')} label="Name" required error={errors.name}>
            {nameInput('name', 'name')}
          </Field>
        )}
      </div>
      <div className="field-row">
        <Field id={id('email')} label="Email Address" required error={errors.email}>
          {(wiring) => (
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              required
              {...wiring}
              {...inputProps('email')}
            />
          )}
        </Field>
        <Field
          id={id('phone')}
          label="Phone Number"
          required={phoneRequired}
          hint="e.g. 0241234567 or +233241234567"
          error={errors.phone}
        >
          {(wiring) => (
            <input
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={PHONE_MAX}
              required={phoneRequired}
              {...wiring}
              {...inputProps('phone')}
            />
          )}
        </Field>
      </div>
    </>
  );
}

/** A card section named by its heading (a landmark a screen reader can jump to). */
export function Card({
  title,
  titleId,
  className,
  head,
  children,
}: {
  title: ReactNode;
  /** When something else in the card refers to the heading. */
  titleId?: string;
  className?: string;
  /** Beside the heading (a badge, a tool). */
  head?: ReactNode;
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = titleId ?? ownId;
  const heading = <h2 id={headingId}>{title}</h2>;
  return (
    <section className={className ? `card card-section ${className}` : 'card card-section'} aria-labelledby={headingId}>
      {head ? (
        <div className="card-head">
          {heading}
          {head}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/**
 * Names each body cell by its column (data-label, which a phone's cards show beside the value) and
 * gives the table's parts their roles explicitly: a browser may drop a table's semantics once CSS
 * lays its rows out as blocks, and a screen reader would then read loose text.
 */
export function labelCells(table: HTMLTableElement): void {
  const headers = Array.from(table.tHead?.rows[0]?.cells ?? [], (cell) => cell.textContent ?? '');
  for (const group of [table.tHead, ...Array.from(table.tBodies)]) group?.setAttribute('role', 'rowgroup');
  for (const cell of Array.from(table.tHead?.rows[0]?.cells ?? [])) cell.setAttribute('role', 'columnheader');
  table.tHead?.rows[0]?.setAttribute('role', 'row');
  for (const row of Array.from(table.tBodies[0]?.rows ?? [])) {
    row.setAttribute('role', 'row');
    let column = 0;
    for (const cell of Array.from(row.cells)) {
      const header = headers[column];
      if (header !== undefined && cell.colSpan === 1) cell.dataset.label = header;
      cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
      column += cell.colSpan;
    }
  }
}

/**
 * A table in a box that scrolls sideways on its own on a 360 px phone instead of widening the page:
 * a named, focusable region, so keyboard users can scroll it and screen readers still read a table.
 * With `cardsOnPhone`, a phone shows each row as a card of "column: value" lines instead (kit.css
 * .row-cards): five columns do not fit 360 px, and a row scrolled sideways hides its last cells.
 * `children` are its thead and tbody.
 */
export function ScrollTable({
  caption,
  captionHidden,
  label,
  busy,
  className,
  tableClassName,
  cardsOnPhone,
  children,
}: {
  caption: string;
  /** The caption is for screen readers only (a heading above already says it). */
  captionHidden?: boolean;
  /** The box's name, when not the caption. */
  label?: string;
  busy?: boolean;
  className?: string;
  tableClassName?: string;
  cardsOnPhone?: boolean;
  children: ReactNode;
}) {
  const captionId = useId();
  const table = useRef<HTMLTableElement>(null);
  // Every render: the rows are the caller's, drawn anew each time.
  useLayoutEffect(() => {
    if (cardsOnPhone && table.current) labelCells(table.current);
  });
  const tableClasses = ['dash-table', tableClassName ?? '', cardsOnPhone ? 'row-cards' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={className ? `scroll-table ${className}` : 'scroll-table'}
      role="region"
      aria-label={label}
      aria-labelledby={label ? undefined : captionId}
      tabIndex={0}
      aria-busy={busy}
    >
      <table className={tableClasses} role={cardsOnPhone ? 'table' : undefined} ref={table}>
        <caption id={captionId} className={captionHidden ? 'sr-only' : undefined}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/**
 * Asks before something that cannot be undone (money leaves, access ends): the question says what
 * will happen, and nothing is sent until the confirm button is pressed. Cancel, × and Escape send
 * nothing and give focus back to the button that opened it (Modal).
 */
export function ConfirmDialog({
  title,
  question,
  confirmLabel,
  danger,
  onConfirm,
  onCancel,
  children,
}: {
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
}) {
  const questionId = useId();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(new FormData(event.currentTarget));
  }
  return (
    <Modal title={title} onClose={onCancel} alert describedBy={questionId}>
      <form className="dash-stack" onSubmit={onSubmit}>
        <p id={questionId} className="confirm-question">
          {question}
        </p>
        {children}
        <div className="dash-tools">
          <button type="submit" className={danger ? 'btn submit-button danger-button' : 'btn submit-button'}>
            {confirmLabel}
          </button>
          <button type="button" className="btn btn-line submit-button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
