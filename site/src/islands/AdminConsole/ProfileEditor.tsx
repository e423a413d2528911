import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminUser } from '../../../../contract/admin.ts';
import { CATEGORY_NAMES } from '../../../../contract/categories.ts';
import { ApiError } from '../../lib/api.ts';
import { updateUserProfile } from './admin-actions.ts';
import { failureText, UPDATE_FAILURE } from './failures.ts';
import { ActionNote } from './parts.tsx';
import { readProfileForm, serverFieldErrors, toProfileForm } from './profile-form.ts';
import type { ProfileErrors, ProfileForm } from './profile-form.ts';
import { useAction } from './useAction.ts';
import { Field, SubmitButton } from '../../ui/kit.tsx';

type EditableField = {
  key: keyof ProfileForm;
  label: string;
  type?: string;
  autoComplete?: string;
  options?: readonly (readonly [string, string])[];
};

const FIELDS: readonly EditableField[] = [
  { key: 'firstName', label: 'First name', autoComplete: 'off' },
  { key: 'lastName', label: 'Last name', autoComplete: 'off' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' },
  {
    key: 'type',
    label: 'Account type',
    options: [
      ['customer', 'Customer'],
      ['professional', 'Professional'],
    ],
  },
  {
    key: 'status',
    label: 'Status',
    options: [
      ['active', 'Active'],
      ['suspended', 'Suspended'],
      ['pending', 'Pending'],
    ],
  },
  {
    key: 'profession',
    label: 'Profession',
    options: [['', 'Choose a profession'], ...CATEGORY_NAMES.map((name) => [name, name] as const)],
  },
  { key: 'location', label: 'Location', autoComplete: 'off' },
  { key: 'description', label: 'Description' },
];

/**
 * Edit mode of the profile dialog (docs/PRODUCT.md "Administrators": PUT /api/admin/users/{id}/profile), validated by
 * adminProfileSchema before sending. Failures in plain words (docs/PRODUCT.md "Administrators"); the user stays as the
 * server has them until a save succeeds.
 */
export function ProfileEditor({
  user,
  onSaved,
  onCancel,
}: {
  user: AdminUser;
  onSaved: (user: AdminUser, message: string) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<ProfileForm>(() => toProfileForm(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const { busy, note, run } = useAction();
  const saving = busy !== null;
  const prefix = useId();
  useEffect(() => {
    document.getElementById(`${prefix}-firstName`)?.focus(); // the Edit button that was focused is gone
  }, [prefix]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = readProfileForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(`${prefix}-${FIELDS.find((f) => checked.errors[f.key])?.key}`)?.focus();
      return;
    }
    setErrors({});
    const answer = await run('save', () => updateUserProfile(user.id, checked.profile), {
      success: () => null, // the dialog shows the server's message once it is back in view mode
      failure: (error) => {
        if (error instanceof ApiError) setErrors(serverFieldErrors(error.fieldErrors));
        return failureText(error, UPDATE_FAILURE);
      },
    });
    if (answer) onSaved(answer.user, answer.message);
  }

  return (
    <form className="dash-stack" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={saving}>
      <div className="admin-settings">
        {FIELDS.filter((field) => field.key !== 'profession' || form.type === 'professional').map((field) => {
          const id = `${prefix}-${field.key}`;
          const error = errors[field.key];
          const common = {
            name: field.key,
            className: 'admin-input',
            value: form[field.key],
            onChange: (e: { currentTarget: { value: string } }) =>
              setForm({ ...form, [field.key]: e.currentTarget.value }),
          };
          return (
            <Field
              key={field.key}
              id={id}
              label={field.label}
              error={error}
              className={field.key === 'description' ? 'admin-wide' : undefined}
            >
              {(control) =>
                field.options ? (
                  <select {...control} {...common}>
                    {field.options.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                ) : field.key === 'description' ? (
                  <textarea {...control} {...common} rows={3} maxLength={2000} />
                ) : (
                  <input {...control} {...common} type={field.type ?? 'text'} autoComplete={field.autoComplete} />
                )
              }
            </Field>
          );
        })}
      </div>
      <ActionNote note={note} />
      <div className="dash-tools">
        <SubmitButton busy={saving} busyLabel="Saving...">
          Save Changes
        </SubmitButton>
        <button type="button" className="btn btn-line auth-button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
