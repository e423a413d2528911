import { useEffect, useRef } from 'react';
import type { Phase } from './store.ts';

/** The account is active: where the page goes next, and whether the profile photo was saved. */
export function Done({ phase }: { phase: Extract<Phase, { name: 'done' }> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { photo } = phase;
  return (
    <div ref={ref} tabIndex={-1} role="status" className="wizard-done card">
      <h2>Registration complete!</h2>
      <p>
        Payment successful. Welcome, {phase.user.firstName}: your account is active.
        {photo.state === 'failed'
          ? null
          : phase.signedIn
            ? ' Taking you to your dashboard in 3 seconds…'
            : ' Taking you to sign in…'}
      </p>
      {photo.state === 'sending' ? <p>Saving your profile photo...</p> : null}
      {photo.state === 'saved' ? <p>Your profile photo is saved.</p> : null}
      {photo.state === 'failed' ? (
        <p className="field-error">
          Your profile photo was not saved: {photo.message} You can add it from your dashboard.
        </p>
      ) : null}
      <a className="btn" href={phase.to}>
        {phase.signedIn ? 'Go to Dashboard' : 'Sign In'}
      </a>
    </div>
  );
}
