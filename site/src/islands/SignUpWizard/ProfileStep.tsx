import { useStore } from '@nanostores/react';
import type { ChangeEvent } from 'react';
import { CATEGORY_NAMES } from '../../../../contract/categories.ts';
import { CITY_NAMES } from '../../../../contract/cities.ts';
import { PHOTO_ACCEPT, PHOTO_RULE } from '../../../../contract/photos.ts';
import type { PlanPrices } from '../../../../contract/plans.ts';
import { LengthPicker } from '../../ui/LengthPicker.tsx';
import { Field } from '../../ui/wizard-parts.tsx';
import { $signupPhoto, choosePhoto, hasAccount, updateField } from './store.ts';
import { useSignupField } from './useSignupField.ts';

/** Step 3: city, profession, address, about, photo, how many months, and the terms. */
export function ProfileStep({ lengths, busy }: { lengths: PlanPrices['lengths']; busy: boolean }) {
  const { form, errors, field } = useSignupField();
  const professional = form.userType === 'professional';
  return (
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
      <Field id="su-description" error={errors.description} label={professional ? 'About Your Services' : 'About You'}>
        <textarea rows={3} maxLength={2000} {...field('description')} />
      </Field>
      <PictureField />
      {form.userType ? (
        <LengthPicker
          name="months"
          offers={lengths[form.userType]}
          value={form.months}
          onChange={(months) => updateField('months', months)}
          disabled={busy}
        />
      ) : null}
      <label className="wizard-check">
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
      <p id="su-terms-error" className="field-error" role="alert">
        {errors.agreeToTerms ?? ''}
      </p>
      {hasAccount() ? (
        <p className="field-hint">Your account has been created. Complete the payment to activate it.</p>
      ) : null}
    </>
  );
}

/** The profile photo: checked when chosen, sent once the account is active. */
function PictureField() {
  const photo = useStore($signupPhoto);
  function onPicture(e: ChangeEvent<HTMLInputElement>) {
    if (!choosePhoto(e.target.files?.[0] ?? null)) e.target.value = '';
  }
  return (
    <div className="form-field">
      <label htmlFor="su-picture">Profile Picture</label>
      <input
        id="su-picture"
        type="file"
        accept={PHOTO_ACCEPT}
        aria-describedby="su-picture-hint su-picture-error"
        aria-invalid={photo.error ? true : undefined}
        onChange={onPicture}
      />
      <p id="su-picture-hint" className="field-hint">
        {PHOTO_RULE}. It is saved once your account is active.
        {photo.file ? ` Chosen: ${photo.file.name}` : ''}
      </p>
      <p id="su-picture-error" className="field-error" role="alert">
        {photo.error}
      </p>
    </div>
  );
}
