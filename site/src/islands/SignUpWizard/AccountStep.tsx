import { PASSWORD_MIN } from '../../../../contract/account-types.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { PLANS } from '../../../../contract/plans.ts';
import type { PlanPrices } from '../../../../contract/plans.ts';
import { fieldProps } from '../../ui/fields.ts';
import { Field, PersonFields } from '../../ui/kit.tsx';
import { goToStep, updateField } from './store.ts';
import type { TextKey } from './steps.ts';
import { useSignupField } from './useSignupField.ts';

/** Step 2: the plan chosen, then name, email, phone, password and an optional referrer code. */
export function AccountStep({ prices }: { prices: PlanPrices['prices'] }) {
  const { form, errors, field } = useSignupField();
  return (
    <>
      {form.userType ? (
        <p className="wizard-applied">
          Plan: <strong>{PLANS[form.userType].name}</strong>, {formatCedis(prices[form.userType])} a month.{' '}
          <button type="button" className="link-button" onClick={() => goToStep(1)}>
            Change plan
          </button>
        </p>
      ) : null}
      <PersonFields
        idPrefix="su"
        names="first-and-last"
        phoneRequired
        errors={errors}
        inputProps={(key) => fieldProps('su', key as TextKey, form[key as TextKey], updateField)}
      />
      <div className="field-row">
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
  );
}
