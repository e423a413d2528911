import { requestSignInCode, signInWithCode } from '../../../../contract/signin-codes.ts';
import { call } from '../../lib/call.ts';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { UserType } from '../../../../contract/accounts.ts';
import {
  type SignInCodeAnswer,
  signInCodeRequestSchema,
  signInWithCodeSchema,
} from '../../../../contract/signin-codes.ts';
import { Field, FormProblem, SubmitButton } from '../../ui/kit.tsx';
import { useFocusOnMount } from '../../ui/useFocus.ts';
import { outcomeOf, refusalOutcome } from './login.ts';
import type { CodeOutcome } from './MomoSignIn.tsx';
import { sayLoginProblem } from './useSignIn.ts';

/** A code asked for: the request this page holds, and what the server said. */
type Asked = Omit<SignInCodeAnswer, 'success'>;

/** A step's busy state and problem, and `run` for its one call at a time. */
function useStep() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function run(action: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }
  return { busy, problem, setProblem, run };
}

/** Asks for a code: the request this page now holds, or what to say instead. */
async function askForCode(phone: string): Promise<Asked | { problem: string }> {
  try {
    const answer = await call(requestSignInCode, { body: { phone } });
    return { requestId: answer.requestId, message: answer.message, devMailbox: answer.devMailbox === true };
  } catch (error) {
    const outcome = refusalOutcome(error);
    return { problem: outcome.kind === 'failed' || outcome.kind === 'network' ? sayLoginProblem(outcome) : '' };
  }
}

function StepForm(props: {
  label: string;
  busy: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className="auth-form" aria-label={props.label} noValidate onSubmit={props.onSubmit} aria-busy={props.busy}>
      {props.children}
    </form>
  );
}

function PhoneStep({ typed, onAsked }: { typed: string; onAsked: (phone: string, asked: Asked) => void }) {
  const { busy, problem, setProblem, run } = useStep();
  const ids = { phone: useId(), problem: useId() };
  const input = useFocusOnMount<HTMLInputElement>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    const parsed = signInCodeRequestSchema.safeParse({ phone });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    void run(async () => {
      const asked = await askForCode(parsed.data.phone);
      if ('requestId' in asked) onAsked(phone, asked);
      else setProblem(asked.problem);
    });
  };
  return (
    <StepForm label="Sign in with Mobile Money" busy={busy} onSubmit={submit}>
      <Field id={ids.phone} label="Your mobile money number" hint="The phone number of your account, like 0241234567.">
        {(control) => (
          <input
            {...control}
            ref={input}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={19}
            defaultValue={typed}
            required
          />
        )}
      </Field>
      <FormProblem id={ids.problem} message={problem} />
      <SubmitButton busy={busy} busyLabel="Sending…" wide>
        Text me a code
      </SubmitButton>
    </StepForm>
  );
}

function CodeStep(props: {
  asked: Asked;
  accountType: UserType;
  onOutcome: (outcome: CodeOutcome) => void;
  onAgain: () => void;
}) {
  const { busy, problem, setProblem, run } = useStep();
  const ids = { code: useId(), problem: useId() };
  const input = useFocusOnMount<HTMLInputElement>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const parsed = signInWithCodeSchema.safeParse({ requestId: props.asked.requestId, code });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    void run(async () => {
      const signingIn = call(signInWithCode, { body: parsed.data });
      const outcome = await outcomeOf(signingIn, props.accountType);
      if (outcome.kind === 'failed' || outcome.kind === 'network') {
        setProblem(sayLoginProblem(outcome));
        input.current?.focus(); // the code is typed again there
      } else if (outcome.kind !== 'invalid') props.onOutcome(outcome);
    });
  };
  return (
    <StepForm label="Type the code" busy={busy} onSubmit={submit}>
      <p role="status">{props.asked.message}</p>
      {props.asked.devMailbox ? (
        <p className="auth-hint">
          Not a live site: texts are not really sent. Read them in the <a href="/dev-mailbox">dev mailbox</a>.
        </p>
      ) : null}
      <Field id={ids.code} label="Code from the text message">
        {(control) => (
          <input
            {...control}
            ref={input}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
          />
        )}
      </Field>
      <FormProblem id={ids.problem} message={problem} />
      <SubmitButton busy={busy} busyLabel="Signing In..." wide>
        Sign in with the code
      </SubmitButton>
      <button type="button" className="btn btn-line auth-button auth-wide" onClick={props.onAgain}>
        Ask for a new code
      </button>
    </StepForm>
  );
}

/**
 * Sign-in with a texted code (docs/PRODUCT.md "Signing in with a texted code"): the account's
 * phone number, then the 6-digit code the text brings. Problems are said here, with the same
 * "Login Failed" and "Login Error" toasts as the password form.
 */
export default function CodeSignIn(props: { accountType: UserType; onOutcome: (outcome: CodeOutcome) => void }) {
  const [phone, setPhone] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  if (!asked)
    return (
      <PhoneStep
        typed={phone}
        onAsked={(typed, answer) => {
          setPhone(typed);
          setAsked(answer);
        }}
      />
    );
  return <CodeStep asked={asked} {...props} onAgain={() => setAsked(null)} />;
}
