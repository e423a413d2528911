import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { PHONE_MAX } from '../../../../contract/account-types.ts';
import type { AffiliateSignupStartInput } from '../../../../contract/affiliate-signups.ts';
import { CATEGORY_NAMES } from '../../../../contract/categories.ts';
import { CITY_NAMES } from '../../../../contract/cities.ts';
import { MOMO_NETWORKS, networkByPrefix } from '../../../../contract/momo.ts';
import { Card, Field, FormProblem, SubmitButton } from '../../ui/kit.tsx';
import type { Outcome } from '../../lib/outcome.ts';
import { $professionalSignup, startSignup } from './signup-store.ts';
import { SignupProgress } from './SignupProgress.tsx';
import { TodaysSignups } from './TodaysSignups.tsx';

/** The "Sign up a professional" tab (docs/PRODUCT.md "Signed up by an affiliate"): the form, then where the sign-up stands. */
export default function SignUpProfessional() {
  const signup = useStore($professionalSignup);
  return (
    <div className="dash-stack">
      <Card title="Sign up a professional">{signup ? <SignupProgress signup={signup} /> : <ProfessionalForm />}</Card>
      {signup ? null : <TodaysSignups />}
    </div>
  );
}

type Problems = Extract<Outcome, { ok: false }>;

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** Their details; the server texts their phone a code once they are right. */
function ProfessionalForm() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problems | null>(null);
  const [network, setNetwork] = useState('');
  const error = (name: string) => problem?.fields[name];
  /** A field changed: its refusal no longer stands. */
  const clearProblem = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (problem?.fields[name]) setProblem({ ...problem, fields: { ...problem.fields, [name]: '' } });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      firstName: text(data, 'firstName'),
      lastName: text(data, 'lastName'),
      phone: text(data, 'phone'),
      email: text(data, 'email'),
      profession: text(data, 'profession'),
      location: text(data, 'location'),
      localAddress: text(data, 'localAddress'),
      network: text(data, 'network'),
      agreeToTerms: data.get('agreeToTerms') === 'on',
    } as AffiliateSignupStartInput;
    setBusy(true);
    const outcome = await startSignup(body);
    setBusy(false);
    setProblem(outcome.ok ? null : outcome);
  }

  const input = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`ps-${name}`} label={label} required={props.required !== false} error={error(name)}>
      {(control) => <input name={name} type="text" required maxLength={100} {...props} {...control} />}
    </Field>
  );
  const select = (name: string, label: string, choices: readonly (readonly [string, string])[], first: string) => (
    <Field id={`ps-${name}`} label={label} required error={error(name)}>
      {(control) => (
        <select name={name} required {...control}>
          <option value="">{first}</option>
          {choices.map(([value, shown]) => (
            <option key={value} value={value}>
              {shown}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form className="form-grid" onSubmit={(e) => void submit(e)} onInput={clearProblem} noValidate aria-busy={busy}>
      <p className="field-hint">
        For a professional without a smartphone. We text their phone a code; they read it to you, then pay by the
        mobile-money prompt on their own phone.
      </p>
      <div className="field-row">
        {input('firstName', 'First Name', { autoComplete: 'off' })}
        {input('lastName', 'Last Name', { autoComplete: 'off' })}
      </div>
      <div className="field-row">
        {input('phone', 'Their Phone Number', {
          type: 'tel',
          inputMode: 'tel',
          maxLength: PHONE_MAX,
          onChange: (e: { target: { value: string } }) => setNetwork(networkByPrefix(e.target.value) ?? network),
        })}
        {input('email', 'Email (optional)', { type: 'email', inputMode: 'email', required: false, maxLength: 254 })}
      </div>
      {select(
        'profession',
        'Profession',
        CATEGORY_NAMES.map((name) => [name, name] as const),
        'Choose a profession',
      )}
      <div className="field-row">
        {select(
          'location',
          'City',
          CITY_NAMES.map((name) => [name, name] as const),
          'Choose their city',
        )}
        {input('localAddress', 'Area they work in', { maxLength: 300 })}
      </div>
      <Field id="ps-network" label="Mobile-money network of their phone" required error={error('network')}>
        {(control) => (
          <select name="network" required value={network} onChange={(e) => setNetwork(e.target.value)} {...control}>
            <option value="">Choose the network</option>
            {Object.entries(MOMO_NETWORKS).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="wizard-check">
        <input type="checkbox" name="agreeToTerms" aria-invalid={error('agreeToTerms') ? true : undefined} />
        <span>
          They agree to the <a href="/terms">Terms of Service</a> and <a href="/privacy">Privacy Policy</a>
        </span>
      </label>
      {/* The form's own problem, and the box's (a checkbox has no Field of its own): by the button. */}
      <FormProblem
        message={
          problem && (error('agreeToTerms') ?? (Object.keys(problem.fields).length === 0 ? problem.message : null))
        }
      />
      <SubmitButton busy={busy} busyLabel="Sending the code...">
        Text them the code
      </SubmitButton>
    </form>
  );
}
