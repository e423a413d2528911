import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { usePlanPrices } from '../../lib/prices.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import {
  $linkReferrer,
  $signup,
  $signupForm,
  keepDraft,
  nextStep,
  preloadPayment,
  previousStep,
  readSignupLink,
  restoreDraft,
  submitSignup,
  updateField,
} from './store.ts';
import type { SignupForm } from './store.ts';
import { useStepHistory } from './history.ts';
import { Alert, captureForm } from '../../ui/wizard-parts.tsx';
import { useFocusOn } from '../../ui/useFocus.ts';
import '../../ui/wizard.css';
import { KeptTapNote, useKeptTap } from '../../ui/KeptTap.tsx';
import { AccountStep } from './AccountStep.tsx';
import { Done } from './Done.tsx';
import { PaymentError } from './PaymentError.tsx';
import { PlanStep } from './PlanStep.tsx';
import { ProfileStep } from './ProfileStep.tsx';
import { StepProgress } from './StepProgress.tsx';
import { isBusy, paymentStatus, stepTitle } from './steps.ts';

/** The page hides the wizard while a ?plan= link waits for it (site/src/components/plan-link/): shown again. */
const showWizard = () => document.documentElement.removeAttribute('data-plan-link');

function Wizard() {
  const form = useStore($signupForm);
  const { prices, lengths } = usePlanPrices();
  const { step, alert, check, phase } = useStore($signup);
  const linkReferrer = useStore($linkReferrer);
  const heading = useFocusOn<HTMLHeadingElement>(step);

  const formRef = useRef<HTMLFormElement>(null);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    const restored = restoreDraft();
    readSignupLink(window.location.search);
    // Step 2 from a ?plan= link is drawn next, and shown before it is painted (below); otherwise now.
    if ($signup.get().step === 1) showWizard();
    preloadPayment();
    // On a slow connection people choose and type before the island is live: keep all of it.
    if (formRef.current)
      captureForm(formRef.current, (key, value) => updateField(key as keyof SignupForm, value as never));
    if (restored) setFormKey(1); // the inputs are uncontrolled: remount them with the restored values
    return keepDraft();
  }, []);
  useLayoutEffect(() => {
    if (step !== 1) showWizard();
  }, [step]);
  const busy = isBusy(phase);
  useStepHistory(step, busy);
  // A Continue tapped before the island hydrated (the page shows step 1 until then) is carried out
  // now, once what was chosen is adopted; unless a draft or a ?plan= link put the wizard past step 1.
  useKeptTap(formRef, () => $signup.get().step === 1);

  // A check that found problems moves focus to the first field in error (its label, error and hint are read).
  useEffect(() => {
    if (check) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [check]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step < 3) nextStep();
    else void submitSignup();
  }

  if (phase.name === 'done') return <Done phase={phase} />;

  return (
    <div className="wz">
      <StepProgress step={step} />

      <form
        key={formKey}
        ref={formRef}
        className="form-grid"
        method="post"
        data-keep-tap="sign-up"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="su-heading"
      >
        <h2 id="su-heading" ref={heading} tabIndex={-1}>
          Step {step} of 3: {stepTitle(step)}
        </h2>
        <Alert message={alert} />
        {linkReferrer && form.referrerCode === linkReferrer ? (
          <p className="wizard-applied" role="status">
            Referrer code <strong>{linkReferrer}</strong> applied from your invitation link.
          </p>
        ) : null}

        {step === 1 ? <PlanStep prices={prices} /> : null}
        {step === 2 ? <AccountStep prices={prices} /> : null}
        {step === 3 ? <ProfileStep lengths={lengths} busy={busy} /> : null}

        <div className="form-actions">
          {step > 1 ? (
            <button type="button" className="btn btn-line action-button" onClick={previousStep} disabled={busy}>
              Back
            </button>
          ) : null}
          {step < 3 ? (
            <button type="submit" className="btn action-button">
              Continue
            </button>
          ) : (
            <button type="submit" className="btn action-button" disabled={busy}>
              {phase.name === 'submitting' ? 'Creating account...' : 'Complete Registration & Pay'}
            </button>
          )}
        </div>
        <KeptTapNote>Going on to the next step as soon as the page has finished loading…</KeptTapNote>
        <p role="status" className="form-status">
          {paymentStatus(phase)}
        </p>
      </form>
      {phase.name === 'failed' ? <PaymentError message={phase.message} /> : null}
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
