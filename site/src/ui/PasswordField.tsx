import { useState } from 'react';

/** A sign-in password with a Show/Hide toggle (compact label, full name for screen readers). */
export function PasswordField({
  id,
  label = 'Password',
  describedBy,
}: {
  id: string;
  label?: string;
  describedBy?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-password">
        <input
          id={id}
          name="password"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          maxLength={200}
          required
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="btn btn-line btn-sm auth-button"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      </div>
    </div>
  );
}
