import { NAME_MAX, NAME_MIN, PASSWORD_MIN, PHONE_MAX } from '../../../../contract/account-types.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { PLANS } from '../../../../contract/plans.ts';
import type { PlanPrices } from '../../../../contract/plans.ts';
import { Field } from '../../ui/wizard-parts.tsx';
import { goToStep } from './store.ts';
import { useSignupField } from './useSignupField.ts';

/** Step 2: the plan chosen, then name, email, phone, password and an optional referrer code. */
export function AccountStep({ prices }: { prices: PlanPrices['prices'] }) {
  const { form, errors, field } = useSignupField();
  return (
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
      <Field id="su-phone" error={errors.phone} label="Phone Number" required hint="e.g. 0241234567 or +233241234567">
        <input type="tel" autoComplete="tel" inputMode="tel" maxLength={PHONE_MAX} required {...field('phone', true)} />
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
  );
}
