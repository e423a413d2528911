import { resetPassword } from '../../../../contract/accounts.ts';
import { call } from '../../lib/call.ts';
import { NO_CONNECTION_SHORT } from '../../../../contract/connection.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { resetPasswordSchema, SIGNUP_MESSAGES } from '../../../../contract/accounts.ts';
import { ApiError, NetworkError, serverMessage, TimeoutError } from '../../lib/api.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { Field, FormProblem, PasswordField, SubmitButton } from '../../ui/kit.tsx';
import { useFocusOnMount } from '../../ui/useFocus.ts';
import '../../ui/forms.css';

const NETWORK = NO_CONNECTION_SHORT;
const INCOMPLETE = 'This reset link is incomplete.';

type Result = { kind: 'done'; message: string } | { kind: 'refused'; message: string };

function ResultPanel({ result }: { result: Result }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const done = result.kind === 'done';
  return (
    <div className={done ? 'auth-panel' : 'auth-panel is-alert'} role={done ? 'status' : 'alert'}>
      <h2 ref={heading} tabIndex={-1}>
        {done ? 'Password changed' : 'This link cannot be used'}
      </h2>
      <p>{result.message}</p>
      <p>
        {done ? (
          <a href="/signin">Sign in with your new password</a>
        ) : (
          <a href="/forgot-password">Ask for a new reset link</a>
        )}
      </p>
    </div>
  );
}

function Form() {
  const [token, setToken] = useState<string | null>(null);
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const ids = { password: useId(), confirm: useId(), problem: useId() };

  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(fromUrl);
    if (fromUrl.length < 20) setResult({ kind: 'refused', message: INCOMPLETE });
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || token === null) return;
    const password = passwordRef.current?.value ?? '';
    const confirm = confirmRef.current?.value ?? '';
    const parsed = resetPasswordSchema.safeParse({ token, password });
    let message: string | null = null;
    let field = passwordRef;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'token') {
        setResult({ kind: 'refused', message: issue.message });
        return;
      }
      message = issue?.message ?? SIGNUP_MESSAGES.shortPassword;
    } else if (password !== confirm) {
      message = SIGNUP_MESSAGES.passwordMismatch;
      field = confirmRef;
    }
    if (message || !parsed.success) {
      setProblem(message);
      field.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await call(resetPassword, { body: parsed.data });
      setResult({ kind: 'done', message: serverMessage(answer) ?? 'Your password has been changed.' });
    } catch (error) {
      if (error instanceof NetworkError || error instanceof TimeoutError) setProblem(NETWORK);
      else if (error instanceof ApiError && error.code === 'invalid_input') {
        setResult({
          kind: 'refused',
          message: serverMessage(error.body) ?? 'This reset link is invalid or has expired.',
        });
      } else
        setProblem(
          (error instanceof ApiError && serverMessage(error.body)) || 'Something went wrong. Please try again.',
        );
    } finally {
      setBusy(false);
    }
  }

  if (result) return <ResultPanel result={result} />;
  const describedBy = problem ? ids.problem : undefined;
  return (
    <form className="auth-form" aria-label="Choose a new password" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <PasswordField
        id={ids.password}
        label="New password"
        autoComplete="new-password"
        minLength={8}
        hint="At least 8 characters."
        describedBy={describedBy}
        inputRef={passwordRef}
        shown={show}
        onShownChange={setShow}
        toggleNames="passwords"
      />
      <Field id={ids.confirm} label="Confirm new password">
        {(control) => (
          <input
            {...control}
            ref={confirmRef}
            name="confirmPassword"
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            minLength={8}
            maxLength={200}
            required
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <FormProblem id={ids.problem} message={problem} />
      <SubmitButton busy={busy} busyLabel="Saving..." disabled={token === null} wide>
        Set new password
      </SubmitButton>
    </form>
  );
}

/** /reset-password?token=…: the link from the reset message. */
export default function ResetPassword() {
  return (
    <AppShell name="password reset">
      <Form />
    </AppShell>
  );
}
