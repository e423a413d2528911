import { useId, useState } from 'react';
import type { UserType } from '../../../../contract/account-types.ts';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';
import type { LoginOutcome } from './login.ts';

// Downloaded only when someone chooses it: the sign-in page stays light on 3G.
const CodeSignIn = lazyPart('sign-in', () => import('./CodeSignIn.tsx'), 'Loading sign-in by code…');

export type CodeOutcome = Extract<LoginOutcome, { kind: 'success' | 'payment-required' }>;

/**
 * Below the form: sign-in with a code texted to the account's phone (docs/PRODUCT.md "Signing in
 * with a texted code"), and the way to sign up.
 */
export function MomoSignIn({ accountType, onOutcome }: { accountType: UserType; onOutcome: (o: CodeOutcome) => void }) {
  const ready = useHydrated();
  const [open, setOpen] = useState(false);
  const hintId = useId();
  return (
    <div className="auth-form">
      <p className="auth-or">or</p>
      {open ? (
        <CodeSignIn accountType={accountType} onOutcome={onOutcome} />
      ) : (
        <>
          <button
            type="button"
            className="btn btn-line auth-button auth-wide"
            aria-describedby={hintId}
            disabled={!ready}
            onClick={() => setOpen(true)}
          >
            Sign in with Mobile Money
          </button>
          <p id={hintId} className="auth-hint">
            No password needed: we text a code to the phone number you pay with.
          </p>
        </>
      )}
      <p>
        New here? <a href="/signup">Create an account</a>
      </p>
    </div>
  );
}
