import { forgotPassword } from '../../../../contract/accounts.ts';
import { call } from '../../lib/call.ts';
import { NO_CONNECTION_SHORT } from '../../../../contract/connection.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  FORGOT_PASSWORD_ANSWER,
  type ForgotPasswordResponse,
  forgotPasswordSchema,
} from '../../../../contract/accounts.ts';
import { isRefusal, NetworkError, serverMessage, TimeoutError } from '../../lib/api.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { Field, FormProblem, SubmitButton } from '../../ui/kit.tsx';
import { useFocusOnMount } from '../../ui/useFocus.ts';
import '../../ui/forms.css';
import { IdentifierChoice } from '../../ui/IdentifierChoice.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';

const NETWORK = NO_CONNECTION_SHORT;

function Answer({ devMailbox }: { devMailbox: boolean }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="auth-panel" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Check your messages
      </h2>
      <p>{FORGOT_PASSWORD_ANSWER}</p>
      {devMailbox ? (
        <p className="auth-hint">
          Not a live site: messages are not really sent. Read them in the <a href="/dev-mailbox">dev mailbox</a>.
        </p>
      ) : null}
      <p>
        <a href="/signin">Back to sign in</a>
      </p>
    </div>
  );
}

function Form() {
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const [sent, setSent] = useState<ForgotPasswordResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), problem: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // A choice tapped before the island hydrated (slow 3G) is in the DOM only: adopt it.
    const how = formRef.current?.elements.namedItem('method');
    if (how instanceof RadioNodeList && how.value === 'phone') setMethod('phone');
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const value = inputRef.current?.value.trim() ?? '';
    const parsed = forgotPasswordSchema.safeParse(method === 'email' ? { email: value } : { phone: value });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please enter your email or phone number.');
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setSent(await call(forgotPassword, { body: parsed.data }));
    } catch (error) {
      // The answer never says whether an account exists; only a refusal to process (too many
      // requests, a bad field) or no connection is reported as such.
      if (error instanceof NetworkError || error instanceof TimeoutError) setProblem(NETWORK);
      else if (isRefusal(error)) setProblem(serverMessage(error.body) ?? 'Please check what you typed and try again.');
      else setProblem('Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  // The server says whether its messages stay in the dev mailbox (diagnostics on), so the page
  // itself can be pre-rendered.
  if (sent) return <Answer devMailbox={sent.devMailbox === true} />;
  return (
    <form
      ref={formRef}
      className="auth-form"
      aria-label="Reset your password"
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      <IdentifierChoice legend="Find my account by" name="method" method={method} onChange={setMethod} />
      <Field id={ids.input} label={method === 'email' ? 'Email' : 'Phone number'}>
        {(control) => (
          <input
            {...control}
            key={method}
            ref={inputRef}
            name={method}
            type={method === 'email' ? 'email' : 'tel'}
            inputMode={method === 'email' ? 'email' : 'tel'}
            autoComplete={method === 'email' ? 'email' : 'tel'}
            placeholder={method === 'phone' ? '0241234567' : undefined}
            maxLength={method === 'email' ? 254 : 19}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.problem : undefined}
          />
        )}
      </Field>
      <FormProblem id={ids.problem} message={problem} />
      <SubmitButton busy={busy} busyLabel="Sending..." disabled={!ready} wide>
        Send reset link
      </SubmitButton>
      <p>
        Remembered it? <a href="/signin">Back to sign in</a>
      </p>
    </form>
  );
}

/** /forgot-password: asks for a reset link by email or phone; the answer is the same either way. */
export default function ForgotPassword() {
  return (
    <AppShell name="password reset">
      <Form />
    </AppShell>
  );
}
