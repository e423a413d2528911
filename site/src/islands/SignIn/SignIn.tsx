import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { USER_TYPES } from '../../../../contract/account-types.ts';
import { $session } from '../../stores/session.ts';
import { autoCorrectedText, TYPE_LABELS } from '../../lib/signin-flash.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { $signInPayment, choosePaymentMonths } from './store.ts';
import '../../ui/forms.css';
import { IdentifierChoice } from '../../ui/IdentifierChoice.tsx';
import { KeptTapNote, useKeptTap } from '../../ui/KeptTap.tsx';
import { AlreadySignedIn } from './AlreadySignedIn.tsx';
import { IdentifierFields } from './IdentifierFields.tsx';
import { MomoSignIn } from './MomoSignIn.tsx';
import { PaymentPanel } from './PaymentPanel.tsx';
import { useSignIn } from './useSignIn.ts';

function Form() {
  // Hydrates as pre-rendered (no session read yet), like the route guard.
  const session = useStore($session, { ssr: 'initial' });
  const payment = useStore($signInPayment);
  const signingIn = useSignIn();
  const { accountType, setAccountType, method, setMethod, busy, done, problem, corrected, formRef } = signingIn;
  const problemId = useId();
  // A tap on Sign In before the island hydrated is kept and carried out now.
  useKeptTap(formRef);

  const signedIn = session.status === 'signed-in' && session.user && !done;

  return (
    <div className="card auth-card">
      <h1>Sign In</h1>
      {signedIn && session.user ? <AlreadySignedIn user={session.user} /> : null}
      {corrected ? (
        <div className="auth-panel" role="status">
          <h2>Account Type Auto-Corrected</h2>
          <p>{autoCorrectedText(corrected.picked, corrected.actual)}</p>
        </div>
      ) : null}
      <form
        ref={formRef}
        className="auth-form"
        aria-label="Sign in"
        method="post"
        data-keep-tap="sign-in"
        noValidate
        onSubmit={signingIn.onSubmit}
        aria-busy={busy}
      >
        <fieldset className="auth-fieldset">
          <legend className="auth-legend">Account type</legend>
          <div className="choices">
            {USER_TYPES.map((type) => (
              <label key={type} className="choice">
                <input
                  type="radio"
                  name="accountType"
                  value={type}
                  checked={accountType === type}
                  onChange={() => setAccountType(type)}
                />
                {TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>

        <IdentifierChoice legend="Sign in with" name="loginMethod" method={method} onChange={setMethod} />
        <IdentifierFields method={method} problemId={problem ? problemId : undefined} />

        <div className="auth-row">
          <label className="auth-check">
            <input ref={signingIn.rememberRef} type="checkbox" name="remember" />
            Remember me
          </label>
          <a href="/forgot-password">Forgot password?</a>
        </div>

        {/* Plain words, not the kit's panel: the "Login Failed" toast must leave the Sign In button clear on a 360 px phone. */}
        {problem ? (
          <p id={problemId} className="auth-error" role="alert">
            {problem}
          </p>
        ) : null}

        <button type="submit" className="btn auth-button auth-wide" disabled={busy || done}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
        <KeptTapNote>Signing you in as soon as the page has finished loading…</KeptTapNote>
      </form>

      {payment ? (
        <PaymentPanel payment={payment} onPay={() => void signingIn.pay()} onMonths={choosePaymentMonths} />
      ) : null}

      <MomoSignIn accountType={accountType} onOutcome={signingIn.codeOutcome} />
    </div>
  );
}

/** The sign-in page (docs/PRODUCT.md "Signing in and sessions"). */
export default function SignIn() {
  return (
    <AppShell name="sign-in">
      <Form />
    </AppShell>
  );
}
