import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { dashboardPath, LOGIN_MESSAGES, USER_TYPES } from '../../../../contract/account-types.ts';
import type { SessionUser, UserType } from '../../../../contract/account-types.ts';
import { PLANS, type PlanLength } from '../../../../contract/plans.ts';
import { $session, savedEmail, signIn, signOut } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { welcomeText } from '../../stores/welcome.ts';
import { CONNECTION_MESSAGES } from '../../lib/api.ts';
import { usePlanPrices } from '../../lib/prices.ts';
import { dashboardAfterSignIn, rememberBooking } from '../../lib/book-after.ts';
import { autoCorrectedText, setSignInFlash, TYPE_LABELS } from '../../lib/signin-flash.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { LengthPicker } from '../../ui/LengthPicker.tsx';
import { useFocusBack } from '../../ui/useFocusBack.ts';
import { useFocusOnMount } from '../../ui/useFocus.ts';
import { attemptLogin } from './login.ts';
import type { LoginForm } from './login.ts';
import { $signInPayment, choosePaymentMonths, dropPayment, offerPayment, payFirstPayment } from './store.ts';
import type { PaymentState } from './store.ts';
import '../../ui/forms.css';
import { IdentifierChoice } from '../../ui/IdentifierChoice.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';
import { KeptTapNote, useKeptTap } from '../../ui/KeptTap.tsx';

/** The pause before the dashboard opens after sign-in (docs/PRODUCT.md "Signing in and sessions"). */
const REDIRECT_MS = 100;
const MOMO_SOON = 'Mobile Money sign-in is coming soon. Sign in with your email or phone and password.';

function AlreadySignedIn({ user }: { user: SessionUser }) {
  const [leaving, setLeaving] = useState(false);
  async function onSignOut() {
    setLeaving(true);
    await signOut();
    setLeaving(false);
  }
  return (
    <div className="auth-panel" role="status">
      <p>
        You are already signed in as {user.firstName} {user.lastName} ({user.email}).
      </p>
      <div className="actions shell-actions">
        <a className="btn" href={dashboardPath(user.userType)}>
          Continue to your dashboard
        </a>
        <button type="button" className="btn btn-line auth-button" onClick={() => void onSignOut()} disabled={leaving}>
          Sign out
        </button>
      </div>
    </div>
  );
}

function PaymentPanel({
  payment,
  onPay,
  onMonths,
}: {
  payment: PaymentState;
  onPay: () => void;
  onMonths: (months: PlanLength) => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const button = useFocusBack<HTMLButtonElement>(payment.busy);
  const titleId = useId();
  const { lengths } = usePlanPrices();
  const plan = payment.intent.metadata.subscription_type;
  return (
    <section className="auth-panel is-alert" role="alert" aria-labelledby={titleId} aria-busy={payment.busy}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Payment required
      </h2>
      <p>{payment.message}</p>
      <p className="auth-hint">
        {PLANS[plan].name} plan{payment.intent.provider === 'sandbox' ? ' — TEST MODE, no real money is taken' : ''}.
      </p>
      <LengthPicker
        name="signin-months"
        offers={lengths[plan]}
        value={payment.months}
        onChange={onMonths}
        disabled={payment.busy}
      />
      {payment.error ? <p className="auth-error">{payment.error}</p> : null}
      <button ref={button} type="button" className="btn auth-button" onClick={onPay} disabled={payment.busy}>
        {payment.busy ? 'Processing payment...' : 'Complete Payment'}
      </button>
    </section>
  );
}

function Form() {
  // Hydrates as pre-rendered (no session read yet), like the route guard.
  const session = useStore($session, { ssr: 'initial' });
  const [accountType, setAccountType] = useState<UserType>('customer');
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const [problem, setProblem] = useState<string | null>(null);
  const [corrected, setCorrected] = useState<{ picked: UserType; actual: UserType } | null>(null);
  const payment = useStore($signInPayment);
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const rememberRef = useRef<HTMLInputElement>(null);
  const lastForm = useRef<LoginForm | null>(null);
  const ids = { email: useId(), phone: useId(), password: useId(), problem: useId(), momo: useId() };
  // A tap on Sign In before the island hydrated is kept and carried out now (issue #27 item 5).
  useKeptTap(formRef);

  useEffect(() => {
    rememberBooking(window.location.search);
    // A choice tapped before the island hydrated (slow 3G) is in the DOM only: adopt it.
    const elements = formRef.current?.elements;
    const picked = elements?.namedItem('accountType');
    if (picked instanceof RadioNodeList && (USER_TYPES as readonly string[]).includes(picked.value))
      setAccountType(picked.value as UserType);
    const how = elements?.namedItem('loginMethod');
    if (how instanceof RadioNodeList && how.value === 'phone') setMethod('phone');
    const saved = savedEmail();
    const input = formRef.current?.elements.namedItem('email');
    if (saved && input instanceof HTMLInputElement && input.value === '') {
      input.value = saved;
      if (rememberRef.current) rememberRef.current.checked = true;
    }
  }, []);

  function remember(): boolean {
    return rememberRef.current?.checked ?? false;
  }

  /**
   * `autoLogin`: signed in by the payment's completion, which saves the email (docs/PRODUCT.md "Signing in and sessions"), on the
   * account's first visit. `firstVisit`: greeted "Welcome", not "Welcome back".
   */
  function finish(
    token: string,
    user: SessionUser,
    picked: UserType,
    { autoLogin = false, firstVisit = autoLogin }: { autoLogin?: boolean; firstVisit?: boolean } = {},
  ) {
    setDone(true);
    const wasCorrected = user.userType !== picked;
    if (wasCorrected) setCorrected({ picked, actual: user.userType });
    showToast({
      title: LOGIN_MESSAGES.successTitle,
      description: welcomeText(user.firstName, firstVisit),
      variant: 'success',
    });
    setSignInFlash({ firstName: user.firstName, actual: user.userType, ...(wasCorrected ? { picked } : {}) });
    signIn(token, user, { rememberEmail: autoLogin || remember() });
    const to = dashboardAfterSignIn(user);
    setTimeout(() => window.location.replace(to), REDIRECT_MS);
  }

  function focusField(name: string) {
    const control = formRef.current?.elements.namedItem(name);
    if (control instanceof HTMLElement) control.focus();
  }

  async function submit(form: LoginForm): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await attemptLogin(form);
      switch (outcome.kind) {
        case 'invalid':
          setProblem(outcome.message);
          focusField(outcome.field);
          return;
        case 'success':
          dropPayment();
          finish(outcome.token, outcome.user, form.accountType, { firstVisit: outcome.firstVisit });
          return;
        case 'payment-required':
          offerPayment(outcome);
          return;
        // The toast stays (docs/PRODUCT.md "Plain words"); the same words stay by the form, where the person looks next.
        case 'failed':
          showToast({ title: LOGIN_MESSAGES.failedTitle, description: outcome.message, variant: 'destructive' });
          setProblem(outcome.message);
          focusField('password');
          return;
        case 'network':
          showToast({
            title: LOGIN_MESSAGES.networkTitle,
            description: LOGIN_MESSAGES.network,
            variant: 'destructive',
          });
          setProblem(CONNECTION_MESSAGES.offline);
      }
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    // The choices as the form holds them: what was picked before the island hydrated included.
    const picked = text('accountType');
    const form: LoginForm = {
      accountType: (USER_TYPES as readonly string[]).includes(picked) ? (picked as UserType) : accountType,
      loginMethod: text('loginMethod') === 'phone' ? 'phone' : 'email',
      email: text('email'),
      phone: text('phone'),
      password: text('password'),
    };
    lastForm.current = form;
    dropPayment();
    void submit(form);
  }

  async function pay() {
    const form = lastForm.current;
    const result = await payFirstPayment(form);
    if (result.kind === 'signed-in') {
      finish(
        result.token,
        result.user,
        form?.accountType ?? result.user.userType,
        result.autoLogin ? { autoLogin: true } : { firstVisit: result.firstVisit },
      );
    } else if (result.kind === 'activated') {
      setProblem(null);
      showToast({
        title: 'Payment complete',
        description: 'Your account is active. Sign in to continue.',
        variant: 'success',
      });
    }
  }

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
        onSubmit={onSubmit}
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

        {/* Both fields are in the page and the chosen one shows (forms.css), so a choice made before
            the island hydrated shows its field at once; once hydrated, `hidden` does the same where
            the browser has no :has(). */}
        <div className="auth-field auth-by-email" hidden={ready && method !== 'email'}>
          <label htmlFor={ids.email}>Email</label>
          <input
            id={ids.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            maxLength={254}
            required
            aria-describedby={problem ? ids.problem : undefined}
          />
        </div>
        <div className="auth-field auth-by-phone" hidden={ready && method !== 'phone'}>
          <label htmlFor={ids.phone}>Phone number</label>
          <input
            id={ids.phone}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={19}
            placeholder="0241234567"
            required
            aria-describedby={problem ? ids.problem : undefined}
          />
        </div>

        <PasswordField id={ids.password} describedBy={problem ? ids.problem : undefined} />

        <div className="auth-row">
          <label className="auth-check">
            <input ref={rememberRef} type="checkbox" name="remember" />
            Remember me
          </label>
          <a href="/forgot-password">Forgot password?</a>
        </div>

        {problem ? (
          <p id={ids.problem} className="auth-error" role="alert">
            {problem}
          </p>
        ) : null}

        <button type="submit" className="btn auth-button auth-wide" disabled={busy || done}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
        <KeptTapNote>Signing you in as soon as the page has finished loading…</KeptTapNote>
      </form>

      {payment ? <PaymentPanel payment={payment} onPay={() => void pay()} onMonths={choosePaymentMonths} /> : null}

      <div className="auth-form">
        <p className="auth-or">or</p>
        <button
          type="button"
          className="btn btn-line auth-button auth-wide"
          aria-describedby={ids.momo}
          disabled={!ready}
          onClick={() => showToast({ title: 'Sign in with Mobile Money', description: MOMO_SOON })}
        >
          Sign in with Mobile Money
        </button>
        <p id={ids.momo} className="auth-hint">
          Mobile Money sign-in is not available yet.
        </p>
        <p>
          New here? <a href="/signup">Create an account</a>
        </p>
      </div>
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
