import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { CITY_NAMES } from '../../../../contract/cities.ts';
import { PROFILE_MESSAGES } from '../../../../contract/profile.ts';
import { saveContactDetails } from '../../stores/profile.ts';
import type { ContactDetails } from '../../stores/profile.ts';
import { DataList } from '../../ui/DataList.tsx';
import { Card, Field, FormProblem, SubmitButton } from '../../ui/kit.tsx';
import type { ControlProps } from '../../ui/kit.tsx';
import { useFocusOn } from '../../ui/useFocus.ts';
import '../../ui/wizard.css';
import '../../ui/forms.css';
import '../../ui/dashboard.css';
import './profile-editor.css';

interface Props {
  /** The details as the dashboard's record has them. */
  details: ContactDetails;
  email: string;
  /** What view mode lists (the name, phone and location rows among them). */
  rows: readonly (readonly [string, ReactNode])[];
  /** After the server saved: the dashboard shows the new details without a reload. */
  onSaved: (details: ContactDetails, user: SessionUser) => void;
  /** Under the heading, e.g. how to change what cannot be edited here. */
  note?: ReactNode;
  /** Beside the card's own classes (a dashboard's section spacing). */
  className?: string;
}

const LABELS: Record<keyof ContactDetails, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  location: 'Location',
};

/**
 * Profile for customers and affiliates (docs/PRODUCT.md "Profile"): view mode, and Edit Profile
 * for name, phone and location with Save and Cancel. The email is shown, never editable. Errors
 * show by their field; a refused save keeps everything typed.
 */
export function ProfileEditor({ details, email, rows, onSaved, note, className }: Props) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ContactDetails>(details);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  // Focus goes to the first field when the form opens, back to Edit Profile when it closes, and
  // to the problem when a save is refused (FormProblem).
  const firstField = useFocusOn<HTMLInputElement>(editing);
  const editButton = useFocusOn<HTMLButtonElement>(!editing);
  const cities: string[] =
    details.location && !(CITY_NAMES as string[]).includes(details.location)
      ? [details.location, ...CITY_NAMES]
      : [...CITY_NAMES];

  const set = (key: keyof ContactDetails) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    setSaving(true);
    const outcome = await saveContactDetails(draft);
    setSaving(false);
    if (outcome.ok) {
      setErrors({});
      setProblem('');
      setEditing(false);
      setStatus(outcome.message || PROFILE_MESSAGES.saved);
      onSaved(draft, outcome.user);
    } else {
      setErrors(outcome.fields);
      setProblem(outcome.message);
    }
  }

  const field = (key: keyof ContactDetails, control: (wiring: ControlProps) => ReactNode) => (
    <Field id={`${id}-${key}`} label={LABELS[key]} error={errors[key]}>
      {control}
    </Field>
  );

  return (
    <Card
      title="Profile"
      className={className}
      head={
        !editing ? (
          <button
            ref={editButton}
            type="button"
            className="btn btn-line action-button"
            onClick={() => {
              setDraft(details);
              setErrors({});
              setProblem('');
              setStatus('');
              setEditing(true);
            }}
          >
            Edit Profile
          </button>
        ) : null
      }
    >
      <p role="status" className="form-status">
        {status}
      </p>
      {editing ? (
        <form className="form-grid" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit your profile">
          <div className="field-row">
            {field('firstName', (p) => (
              <input
                {...p}
                ref={firstField}
                autoComplete="given-name"
                maxLength={50}
                value={draft.firstName}
                onChange={set('firstName')}
              />
            ))}
            {field('lastName', (p) => (
              <input
                {...p}
                autoComplete="family-name"
                maxLength={50}
                value={draft.lastName}
                onChange={set('lastName')}
              />
            ))}
          </div>
          <div className="field">
            <span className="dash-label">Email</span>
            <span className="pe-email">{email}</span>
            <p className="field-hint">{PROFILE_MESSAGES.emailLocked}</p>
          </div>
          {field('phone', (p) => (
            <input {...p} type="tel" autoComplete="tel" maxLength={20} value={draft.phone} onChange={set('phone')} />
          ))}
          {field('location', (p) => (
            <select {...p} value={draft.location} onChange={set('location')}>
              <option value="">Not set</option>
              {cities.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          ))}
          <FormProblem message={problem} takeFocus />
          <div className="form-actions">
            <SubmitButton busy={saving} busyLabel="Saving...">
              Save
            </SubmitButton>
            <button
              type="button"
              className="btn btn-line action-button"
              disabled={saving}
              onClick={() => {
                setErrors({});
                setProblem('');
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          {note}
          <DataList rows={rows} />
        </>
      )}
    </Card>
  );
}
