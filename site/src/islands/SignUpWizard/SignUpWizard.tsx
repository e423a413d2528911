import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { NAME_MAX, NAME_MIN, PASSWORD_MIN, PHONE_MAX } from '../../../../contract/account-types.ts';
import { CATEGORY_NAMES } from '../../../../contract/categories.ts';
import { CITY_NAMES } from '../../../../contract/cities.ts';
import { PLANS } from '../../../../contract/plans.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { PHOTO_ACCEPT, PHOTO_RULE } from '../../../../contract/photos.ts';
import { usePlanPrices } from '../../lib/prices.ts';
import type { PlanType } from '../../../../contract/plans.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { LengthPicker } from '../../ui/LengthPicker.tsx';
import {
  $linkReferrer,
  $signup,
  $signupForm,
  $signupPhoto,
  choosePhoto,
  dismissPaymentError,
  goToStep,
  hasAccount,
  keepDraft,
  nextStep,
  preloadPayment,
  previousStep,
  readSignupLink,
  restoreDraft,
  retryPayment,
  submitSignup,
  updateField,
} from './store.ts';
import type { Phase, SignupForm } from './store.ts';
import { useStepHistory } from './history.ts';
import { Alert, captureForm, Field } from '../../ui/wizard-parts.tsx';
import { useFocusOn } from '../../ui/useFocus.ts';
import '../../ui/wizard.css';
import { fieldProps } from '../../ui/fields.ts';
import { KeptTapNote, useKeptTap } from '../../ui/KeptTap.tsx';

const STEPS = ['Plan', 'Account', 'Profile'] as const;
type TextKey = Exclude<keyof SignupForm, 'agreeToTerms' | 'userType' | 'months'>;

function Wizard() {
  const form = useStore($signupForm);
  const { prices, lengths } = usePlanPrices();
  const { step, alert, errors, check, phase } = useStore($signup);
  const linkReferrer = useStore($linkReferrer);
  const heading = useFocusOn<HTMLHeadingElement>(step);
  const photo = useStore($signupPhoto);

  const formRef = useRef<HTMLFormElement>(null);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    const restored = restoreDraft();
    readSignupLink(window.location.search);
    preloadPayment();
    // On a slow connection people choose and type before the island is live: keep all of it.
    if (formRef.current)
      captureForm(formRef.current, (key, value) => updateField(key as keyof SignupForm, value as never));
    if (restored) setFormKey(1); // the inputs are uncontrolled: remount them with the restored values
    return keepDraft();
  }, []);
  const busy = phase.name === 'submitting' || phase.name === 'paying' || phase.name === 'verifying';
  useStepHistory(step, busy);
  // A Continue tapped before the island hydrated (the page shows step 1 until then) is carried out
  // now, once what was chosen is adopted; unless a draft or a ?plan= link put the wizard past step 1.
  useKeptTap(formRef, () => $signup.get().step === 1);

  // A check that found problems moves focus to the first field in error (its label, error and hint are read).
  useEffect(() => {
    if (check) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [check]);

  /** A field's props: its error, if any, is described after its hint. */
  const field = (key: TextKey, hint = false) => {
    const id = `su-${key}`;
    const describedBy = [hint ? `${id}-hint` : '', errors[key] ? `${id}-error` : ''].filter(Boolean).join(' ');
    return {
      ...fieldProps('su', key, form[key], updateField),
      'aria-invalid': errors[key] ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };

  function onPicture(e: ChangeEvent<HTMLInputElement>) {
    if (!choosePhoto(e.target.files?.[0] ?? null)) e.target.value = '';
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step < 3) nextStep();
    else void submitSignup();
  }

  const professional = form.userType === 'professional';
  const pictureError = photo.error;

  if (phase.name === 'done') return <Done phase={phase} />;

  return (
    <div className="wz">
      <ol className="wz-steps" aria-label="Sign-up progress">
        {STEPS.map((name, i) => (
          <li key={name} aria-current={step === i + 1 ? 'step' : undefined} data-done={step > i + 1 || undefined}>
            <span className="wz-num" aria-hidden="true">
              {i + 1}
            </span>{' '}
            {name}
            {step > i + 1 ? <span className="sr-only"> (done)</span> : null}
          </li>
        ))}
      </ol>

      <form
        key={formKey}
        ref={formRef}
        className="wz-form"
        method="post"
        data-keep-tap="sign-up"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="su-heading"
      >
        <h2 id="su-heading" ref={heading} tabIndex={-1}>
          Step {step} of 3: {step === 1 ? 'Choose your plan' : step === 2 ? 'Account information' : 'Profile details'}
        </h2>
        <Alert message={alert} />
        {linkReferrer && form.referrerCode === linkReferrer ? (
          <p className="wz-applied" role="status">
            Referrer code <strong>{linkReferrer}</strong> applied from your invitation link.
          </p>
        ) : null}

        {step === 1 ? (
          <fieldset className="wz-plans">
            <legend>Subscription plan</legend>
            {(Object.keys(PLANS) as PlanType[]).map((type) => {
              const plan = PLANS[type];
              return (
                <label key={type} className="pick wz-plan">
                  <input
                    type="radio"
                    name="userType"
                    value={type}
                    defaultChecked={form.userType === type}
                    onChange={() => updateField('userType', type)}
                  />
                  <span className="pick-body">
                    <span className="pick-title">
                      <strong>{plan.name}</strong>
                      {type === 'professional' ? <span className="badge">Popular</span> : null}
                    </span>
                    <span className="wz-price">
                      <strong>{formatCedis(prices[type])}</strong>/month
                    </span>
                    <span className="wz-features">
                      {plan.features.map((f) => (
                        <span key={f}>✓ {f}</span>
                      ))}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        ) : null}

        {step === 2 ? (
          <>
            {form.userType ? (
              <p className="wz-applied">
                Plan: <strong>{PLANS[form.userType].name}</strong>, {formatCedis(prices[form.userType])} a month.{' '}
                <button type="button" className="link-button" onClick={() => goToStep(1)}>
                  Change plan
                </button>
              </p>
            ) : null}
            <div className="wz-row">
              <Field id="su-firstName" error={errors.firstName} label="First Name" required>
                <input
                  type="text"
                  autoComplete="given-name"
                  minLength={NAME_MIN}
                  maxLength={NAME_MAX}
                  required
                  {...field('firstName')}
                />
              </Field>
              <Field id="su-lastName" error={errors.lastName} label="Last Name" required>
                <input
                  type="text"
                  autoComplete="family-name"
                  minLength={NAME_MIN}
                  maxLength={NAME_MAX}
                  required
                  {...field('lastName')}
                />
              </Field>
            </div>
            <Field id="su-email" error={errors.email} label="Email Address" required>
              <input type="email" autoComplete="email" inputMode="email" maxLength={254} required {...field('email')} />
            </Field>
            <Field
              id="su-phone"
              error={errors.phone}
              label="Phone Number"
              required
              hint="e.g. 0241234567 or +233241234567"
            >
              <input
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={PHONE_MAX}
                required
                {...field('phone', true)}
              />
            </Field>
            <div className="wz-row">
              <Field
                id="su-password"
                error={errors.password}
                label="Password"
                required
                hint={`At least ${PASSWORD_MIN} characters`}
              >
                <input
                  type="password"
                  autoComplete="new-password"
                  minLength={PASSWORD_MIN}
                  required
                  {...field('password', true)}
                />
              </Field>
              <Field id="su-confirmPassword" error={errors.confirmPassword} label="Confirm Password" required>
                <input
                  type="password"
                  autoComplete="new-password"
                  minLength={PASSWORD_MIN}
                  required
                  {...field('confirmPassword')}
                />
              </Field>
            </div>
            <Field
              id="su-referrerCode"
              error={errors.referrerCode}
              label="Referrer Code (optional)"
              hint="If someone invited you, the code they shared, e.g. SEAFF7K2Q9M."
            >
              <input
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={32}
                {...field('referrerCode', true)}
              />
            </Field>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <Field id="su-location" error={errors.location} label="City">
              <select {...field('location')}>
                <option value="">Select your city</option>
                {CITY_NAMES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </Field>
            {professional ? (
              <Field id="su-profession" error={errors.profession} label="Profession" required>
                <select required {...field('profession')}>
                  <option value="">Select your profession</option>
                  {CATEGORY_NAMES.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              </Field>
            ) : null}
            <Field
              id="su-localAddress"
              error={errors.localAddress}
              label={professional ? 'Local Address & Service Area' : 'Local Address'}
              required={professional}
              hint={
                professional
                  ? 'Where you are based and the area you serve, e.g. "East Legon, Accra – within about 5 miles".'
                  : 'Your area or neighbourhood, e.g. "Adenta, Accra".'
              }
            >
              <input
                type="text"
                autoComplete="street-address"
                maxLength={300}
                required={professional}
                {...field('localAddress', true)}
              />
            </Field>
            <Field
              id="su-description"
              error={errors.description}
              label={professional ? 'About Your Services' : 'About You'}
            >
              <textarea rows={3} maxLength={2000} {...field('description')} />
            </Field>
            <div className="wz-field">
              <label htmlFor="su-picture">Profile Picture</label>
              <input
                id="su-picture"
                type="file"
                accept={PHOTO_ACCEPT}
                aria-describedby="su-picture-hint su-picture-error"
                aria-invalid={pictureError ? true : undefined}
                onChange={onPicture}
              />
              <p id="su-picture-hint" className="wz-hint">
                {PHOTO_RULE}. It is saved once your account is active.
                {photo.file ? ` Chosen: ${photo.file.name}` : ''}
              </p>
              <p id="su-picture-error" className="wz-error" role="alert">
                {pictureError}
              </p>
            </div>
            {form.userType ? (
              <LengthPicker
                name="months"
                offers={lengths[form.userType]}
                value={form.months}
                onChange={(months) => updateField('months', months)}
                disabled={busy}
              />
            ) : null}
            <label className="wz-check">
              <input
                type="checkbox"
                name="agreeToTerms"
                defaultChecked={form.agreeToTerms}
                onChange={(e) => updateField('agreeToTerms', e.target.checked)}
                aria-invalid={errors.agreeToTerms ? true : undefined}
                aria-describedby="su-terms-error"
              />
              <span>
                I agree to the <a href="/terms">Terms of Service</a> and <a href="/privacy">Privacy Policy</a>
              </span>
            </label>
            <p id="su-terms-error" className="wz-error" role="alert">
              {errors.agreeToTerms ?? ''}
            </p>
            {hasAccount() ? (
              <p className="wz-hint">Your account has been created. Complete the payment to activate it.</p>
            ) : null}
          </>
        ) : null}

        <div className="wz-actions">
          {step > 1 ? (
            <button type="button" className="btn btn-line wz-button" onClick={previousStep} disabled={busy}>
              Back
            </button>
          ) : null}
          {step < 3 ? (
            <button type="submit" className="btn wz-button">
              Continue
            </button>
          ) : (
            <button type="submit" className="btn wz-button" disabled={busy}>
              {phase.name === 'submitting' ? 'Creating account...' : 'Complete Registration & Pay'}
            </button>
          )}
        </div>
        <KeptTapNote>Going on to the next step as soon as the page has finished loading…</KeptTapNote>
        <p role="status" className="wz-status">
          {phase.name === 'paying'
            ? 'Waiting for payment...'
            : phase.name === 'verifying'
              ? 'Verifying payment...'
              : ''}
        </p>
      </form>
      {phase.name === 'failed' ? <PaymentError message={phase.message} /> : null}
    </div>
  );
}

function PaymentError({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message takes focus again, so a screen reader reads it
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="wz-alert wz-payment-error">
      <p>
        <strong>Payment Error:</strong> {message}
      </p>
      <p>
        Need help? <a href="/support">Contact support</a> by WhatsApp, phone or message: nothing you typed is lost.
      </p>
      <div className="wz-actions">
        <button type="button" className="btn btn-line wz-button" onClick={dismissPaymentError}>
          Dismiss
        </button>
        <button type="button" className="btn wz-button" onClick={() => void retryPayment()}>
          Try Again
        </button>
        <button type="button" className="btn btn-line wz-button" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    </div>
  );
}

function Done({ phase }: { phase: Extract<Phase, { name: 'done' }> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { photo } = phase;
  return (
    <div ref={ref} tabIndex={-1} role="status" className="wz-done card">
      <h2>Registration complete!</h2>
      <p>
        Payment successful. Welcome, {phase.user.firstName}: your account is active.
        {photo.state === 'failed'
          ? null
          : phase.signedIn
            ? ' Taking you to your dashboard in 3 seconds…'
            : ' Taking you to sign in…'}
      </p>
      {photo.state === 'sending' ? <p>Saving your profile photo...</p> : null}
      {photo.state === 'saved' ? <p>Your profile photo is saved.</p> : null}
      {photo.state === 'failed' ? (
        <p className="wz-error">
          Your profile photo was not saved: {photo.message} You can add it from your dashboard.
        </p>
      ) : null}
      <a className="btn" href={phase.to}>
        {phase.signedIn ? 'Go to Dashboard' : 'Sign In'}
      </a>
    </div>
  );
}

/** /signup: the three-step customer/professional sign-up with the first payment. */
export default function SignUpWizard() {
  return (
    <AppShell name="sign-up">
      <Wizard />
    </AppShell>
  );
}
