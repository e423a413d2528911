import { useStore } from '@nanostores/react';
import { $signup, $signupForm, updateField } from './store.ts';
import { signupFieldProps } from './steps.ts';
import type { TextKey } from './steps.ts';

/** A step's text fields: `field(key, hint?)` gives a field's props from what the stores hold. */
export function useSignupField() {
  const form = useStore($signupForm);
  const { errors } = useStore($signup);
  return {
    form,
    errors,
    field: (key: TextKey, hint = false) => signupFieldProps(key, form, errors, updateField, hint),
  };
}
