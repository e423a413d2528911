import { type FormEvent, useState } from 'react';
import type { AffiliateSignupView } from '../../../../contract/affiliate-signups.ts';
import { Field, FormProblem, SubmitButton } from '../../ui/kit.tsx';
import { promptAgain, proveSignup, sendVoucher, startOver } from './signup-store.ts';
import type { Outcome } from '../../lib/outcome.ts';

/** Where one sign-up stands: the code to type, the payment on their phone, or listed with the next step. */
export function SignupProgress({ signup }: { signup: AffiliateSignupView }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(action: () => Promise<Outcome>) {
    setBusy(true);
    const outcome = await action();
    setBusy(false);
    setProblem(outcome.ok ? null : outcome.message);
  }
  const submitted = (action: (value: string) => Promise<Outcome>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '');
    void run(() => action(value));
  };

  const prompt = signup.prompt;
  return (
    <div className="form-grid" aria-busy={busy}>
      <p>
        <strong>{signup.name}</strong> · {signup.phone}
      </p>
      <p role="status" className="form-status">
        {signup.message}
      </p>
      {signup.nextStep ? (
        <p className="wizard-done">
          <strong>{signup.nextStep}</strong>
        </p>
      ) : null}
      {signup.stage === 'code_sent' ? (
        <CodeForm
          label="The code they read to you"
          action="Create their account"
          busy={busy}
          problem={problem}
          onSubmit={submitted((code) => proveSignup(signup.id, code))}
        />
      ) : null}
      {prompt?.status === 'send_otp' ? (
        <CodeForm
          label="Telecel voucher code"
          action="Send the voucher"
          busy={busy}
          problem={problem}
          onSubmit={submitted((otp) => sendVoucher(signup.id, otp))}
        />
      ) : null}
      {signup.stage !== 'code_sent' && prompt?.status !== 'send_otp' ? <FormProblem message={problem} /> : null}
      <div className="form-actions">
        {signup.stage === 'paying' && (!prompt || prompt.status === 'failed') ? (
          <button
            type="button"
            className="btn action-button"
            disabled={busy}
            onClick={() => void run(() => promptAgain(signup.id))}
          >
            Send the payment prompt again
          </button>
        ) : null}
        {/* While their phone is paying, the account exists: only its outcome moves this screen on. */}
        {signup.stage !== 'paying' ? (
          <button type="button" className="btn btn-line action-button" onClick={startOver}>
            {signup.stage === 'listed' ? 'Sign up another professional' : 'Start again'}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function CodeForm({
  label,
  action,
  busy,
  problem,
  onSubmit,
}: {
  label: string;
  action: string;
  busy: boolean;
  problem: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field id="ps-code" label={label} required error={problem}>
        {(control) => (
          <input
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            required
            {...control}
          />
        )}
      </Field>
      <SubmitButton busy={busy} busyLabel="Sending...">
        {action}
      </SubmitButton>
    </form>
  );
}
