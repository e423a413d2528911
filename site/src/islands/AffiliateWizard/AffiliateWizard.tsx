import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { PASSWORD_MIN } from '../../../../contract/account-types.ts';
import { MOMO_NETWORKS } from '../../../../contract/affiliates.ts';
import { CITY_NAMES } from '../../../../contract/cities.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { Field, PersonFields, SubmitButton } from '../../ui/kit.tsx';
import { Alert, captureForm } from '../../ui/wizard-parts.tsx';
import { Welcome } from './Welcome.tsx';
import { $affiliate, $affiliateForm, requiredFilled, submitAffiliate, updateAffiliateField } from './store.ts';
import { KeptTapNote, useKeptTap } from '../../ui/KeptTap.tsx';
import type { AffiliateForm } from './store.ts';
import '../../ui/wizard.css';
import { fieldProps } from '../../ui/fields.ts';
import { useHydrated } from '../../ui/useHydrated.ts';

type TextKey = Exclude<keyof AffiliateForm, 'agreeToTerms' | 'payoutMethod'>;

const FILL_IN = 'Fill in every field marked * and agree to the terms to continue.';
/** A tap kept before the island hydrated, on a form not yet complete (a payout method's field shows only then). */
const FILL_IN_AFTER_TAP =
  'Almost there: fill in every field marked * and agree to the terms, then tap Join Affiliate Program again.';

function SignupForm({ children }: { children?: ReactNode }) {
  const form = useStore($affiliateForm);
  const { alert, busy } = useStore($affiliate);
  const ready = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Keep what was typed before the island hydrated (the inputs are uncontrolled).
    if (formRef.current)
      captureForm(formRef.current, (key, value) => updateAffiliateField(key as keyof AffiliateForm, value as never));
  }, []);
  // A tap on Join before the island hydrated is carried out now, with what was typed adopted.
  useKeptTap(formRef);

  const field = (key: TextKey) => fieldProps('af', key, form[key], updateAffiliateField);
  const canSubmit = !busy && requiredFilled(form);

  // Once hydrated the button waits for every required field; before, it takes a tap (kept).
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (requiredFilled($affiliateForm.get())) void submitAffiliate();
    else $affiliate.setKey('alert', FILL_IN_AFTER_TAP);
  }

  return (
    <>
      {children}
      <form
        ref={formRef}
        className="form-grid"
        method="post"
        data-keep-tap="affiliate-sign-up"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="af-heading"
        aria-busy={busy}
      >
        <h2 id="af-heading">Your details</h2>
        <Alert message={alert} />
        <PersonFields idPrefix="af" names="first-and-last" phoneRequired inputProps={(key) => field(key as TextKey)} />
        <Field id="af-password" label="Password" required hint={`At least ${PASSWORD_MIN} characters`}>
          {(control) => (
            <input
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN}
              required
              {...control}
              {...field('password')}
            />
          )}
        </Field>
        <Field id="af-location" label="City" required>
          <select required {...field('location')}>
            <option value="">Select your city</option>
            {CITY_NAMES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
        <fieldset className="wizard-radios">
          <legend>
            Payout method<span aria-hidden="true"> *</span>
          </legend>
          {(
            [
              ['mobile-money', 'Mobile Money'],
              ['bank-account', 'Bank account'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="payoutMethod"
                value={value}
                defaultChecked={form.payoutMethod === value}
                onChange={() => updateAffiliateField('payoutMethod', value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {form.payoutMethod === 'mobile-money' ? (
          <Field
            id="af-momoNumber"
            label="Mobile Money Number"
            required
            hint="Filled in from your phone number: change it if you are paid on another MTN, Telecel or AirtelTigo number."
          >
            {(control) => (
              <input type="tel" inputMode="tel" maxLength={20} required {...control} {...field('momoNumber')} />
            )}
          </Field>
        ) : null}
        {form.payoutMethod === 'mobile-money' ? (
          <Field
            id="af-momoNetwork"
            label="Mobile Money Network (optional)"
            hint="With your network we can send payouts straight to your wallet"
          >
            {(control) => (
              <select {...control} {...field('momoNetwork')}>
                <option value="">I will tell you later</option>
                {MOMO_NETWORKS.map((n) => (
                  <option key={n.code} value={n.code}>
                    {n.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {form.payoutMethod === 'bank-account' ? (
          <Field
            id="af-bankAccount"
            label="Bank Account Details"
            required
            hint="Bank name, branch, account name and number"
          >
            {(control) => <textarea rows={3} maxLength={300} required {...control} {...field('bankAccount')} />}
          </Field>
        ) : null}
        <Field id="af-description" label="How will you promote us? (optional)">
          <textarea rows={3} maxLength={2000} {...field('description')} />
        </Field>
        <label className="wizard-check">
          <input
            type="checkbox"
            name="agreeToTerms"
            defaultChecked={form.agreeToTerms}
            onChange={(e) => updateAffiliateField('agreeToTerms', e.target.checked)}
          />
          <span>
            I agree to the <a href="/affiliate-terms">Affiliate Terms</a> and <a href="/privacy">Privacy Policy</a>
          </span>
        </label>
        <div className="form-actions">
          <SubmitButton
            busy={busy}
            busyLabel="Creating account..."
            disabled={ready && !canSubmit}
            describedBy="af-submit-hint"
          >
            Join Affiliate Program
          </SubmitButton>
        </div>
        <KeptTapNote>Joining as soon as the page has finished loading…</KeptTapNote>
        <p id="af-submit-hint" className="field-hint">
          {(ready && canSubmit) || busy ? '' : FILL_IN}
        </p>
      </form>
    </>
  );
}

function Wizard({ children }: { children?: ReactNode }) {
  const { step } = useStore($affiliate);
  return <div className="wz">{step === 1 ? <SignupForm>{children}</SignupForm> : <Welcome />}</div>;
}

/** /affiliate-signup: the form (with the commission summary passed in as children), then the welcome. */
export default function AffiliateWizard({ children }: { children?: ReactNode }) {
  return (
    <AppShell name="affiliate sign-up">
      <Wizard>{children}</Wizard>
    </AppShell>
  );
}
