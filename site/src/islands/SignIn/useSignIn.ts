import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { LOGIN_MESSAGES } from '../../../../contract/account-types.ts';
import type { SessionUser, UserType } from '../../../../contract/account-types.ts';
import { CONNECTION_MESSAGES } from '../../lib/api.ts';
import { dashboardAfterSignIn, rememberBooking } from '../../lib/book-after.ts';
import { setSignInFlash } from '../../lib/signin-flash.ts';
import { savedEmail, signIn } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { welcomeText } from '../../stores/welcome.ts';
import { attemptLogin } from './login.ts';
import type { LoginForm, LoginOutcome } from './login.ts';
import { pickedUserType, readLoginForm } from './login-form.ts';
import { dropPayment, offerPayment, payFirstPayment } from './store.ts';

/** The pause before the dashboard opens after sign-in (docs/PRODUCT.md "Signing in and sessions"). */
const REDIRECT_MS = 100;

/**
 * "Login Failed" or "Login Error" as a toast, which stays (docs/PRODUCT.md "Plain words"); answers
 * the same words for beside the form, where the person looks next.
 */
export function sayLoginProblem(outcome: Extract<LoginOutcome, { kind: 'failed' | 'network' }>): string {
  if (outcome.kind === 'failed') {
    showToast({ title: LOGIN_MESSAGES.failedTitle, description: outcome.message, variant: 'destructive' });
    return outcome.message;
  }
  showToast({ title: LOGIN_MESSAGES.networkTitle, description: LOGIN_MESSAGES.network, variant: 'destructive' });
  return CONNECTION_MESSAGES.offline;
}

/**
 * The sign-in form's state and actions: the choices on screen, the attempt and what it answered,
 * the first payment of a pending account, and the way to the dashboard.
 */
export function useSignIn() {
  const [accountType, setAccountType] = useState<UserType>('customer');
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [corrected, setCorrected] = useState<{ picked: UserType; actual: UserType } | null>(null);
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const rememberRef = useRef<HTMLInputElement>(null);
  const lastForm = useRef<LoginForm | null>(null);

  useEffect(() => {
    rememberBooking(window.location.search);
    // A choice tapped before the island hydrated (slow 3G) is in the DOM only: adopt it.
    const elements = formRef.current?.elements;
    const picked = elements?.namedItem('accountType');
    const type = picked instanceof RadioNodeList ? pickedUserType(picked.value) : undefined;
    if (type) setAccountType(type);
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
        case 'failed':
        case 'network':
          setProblem(sayLoginProblem(outcome));
          if (outcome.kind === 'failed') focusField('password');
      }
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    const form = readLoginForm(new FormData(event.currentTarget), accountType);
    lastForm.current = form;
    dropPayment();
    void submit(form);
  }

  /** A sign-in by texted code let in, or asked for the first payment (its part says its own problems). */
  function codeOutcome(outcome: Extract<LoginOutcome, { kind: 'success' | 'payment-required' }>) {
    dropPayment();
    if (outcome.kind === 'success')
      finish(outcome.token, outcome.user, accountType, { firstVisit: outcome.firstVisit });
    else offerPayment(outcome);
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

  return {
    accountType,
    setAccountType,
    method,
    setMethod,
    busy,
    done,
    problem,
    corrected,
    formRef,
    rememberRef,
    onSubmit,
    pay,
    codeOutcome,
  };
}
