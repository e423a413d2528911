import { fieldProps } from '../../ui/fields.ts';
import type { FieldErrors, Phase, SignupForm, Step } from './store.ts';

/** What the wizard's three steps are called: in the progress list, and in each step's heading. */
export const STEP_NAMES = ['Plan', 'Account', 'Profile'] as const;
const STEP_TITLES: Record<Step, string> = {
  1: 'Choose your plan',
  2: 'Account information',
  3: 'Profile details',
};

export const stepTitle = (step: Step): string => STEP_TITLES[step];

/** The progress list: each step with whether it is the one on screen or already passed. */
export const stepProgress = (step: Step) =>
  STEP_NAMES.map((name, i) => ({ name, number: i + 1, current: step === i + 1, done: step > i + 1 }));

/** Creating the account or paying: the wizard's buttons wait, and the browser's Back stays on step 3. */
export const isBusy = (phase: Phase): boolean =>
  phase.name === 'submitting' || phase.name === 'paying' || phase.name === 'verifying';

/** The polite status line under the buttons while the payment runs. */
export const paymentStatus = (phase: Phase): string =>
  phase.name === 'paying' ? 'Waiting for payment...' : phase.name === 'verifying' ? 'Verifying payment...' : '';

/** The fields typed as text (the plan, the months and the terms tick have controls of their own). */
export type TextKey = Exclude<keyof SignupForm, 'agreeToTerms' | 'userType' | 'months'>;

/** A text field's props: its error, if any, is described after its hint. */
export function signupFieldProps(
  key: TextKey,
  form: SignupForm,
  errors: FieldErrors,
  update: (key: TextKey, value: string) => void,
  hint = false,
) {
  const id = `su-${key}`;
  const describedBy = [hint ? `${id}-hint` : '', errors[key] ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    ...fieldProps('su', key, form[key], update),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}
