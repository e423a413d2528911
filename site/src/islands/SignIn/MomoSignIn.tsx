import { useId } from 'react';
import { showToast } from '../../stores/toast.ts';
import { useHydrated } from '../../ui/useHydrated.ts';

const MOMO_SOON = 'Mobile Money sign-in is coming soon. Sign in with your email or phone and password.';

/** Below the form: Mobile Money sign-in (not available yet, and it says so) and the way to sign up. */
export function MomoSignIn() {
  const ready = useHydrated();
  const hintId = useId();
  return (
    <div className="auth-form">
      <p className="auth-or">or</p>
      <button
        type="button"
        className="btn btn-line auth-button auth-wide"
        aria-describedby={hintId}
        disabled={!ready}
        onClick={() => showToast({ title: 'Sign in with Mobile Money', description: MOMO_SOON })}
      >
        Sign in with Mobile Money
      </button>
      <p id={hintId} className="auth-hint">
        Mobile Money sign-in is not available yet.
      </p>
      <p>
        New here? <a href="/signup">Create an account</a>
      </p>
    </div>
  );
}
