import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { CATEGORY_NAMES } from '../../../../contract/categories.ts';
import { CITY_NAMES } from '../../../../contract/cities.ts';
import { profileSchema } from '../../../../contract/profile.ts';
import { useFocusOn } from '../../ui/useFocus.ts';
import { useSaveForm } from './useSaveForm.ts';
import { saveProfile } from '../../stores/professional.ts';
import type { ProfessionalRecord, ProfileChanges } from '../../stores/professional.ts';
import { longDate } from '../../../../contract/dates.ts';

const fromRecord = (r: ProfessionalRecord) => ({
  firstName: r.firstName,
  lastName: r.lastName,
  phone: r.phone,
  profession: r.profession,
  experience: r.experience ?? '',
  location: r.location ?? '',
  bio: r.bio ?? '',
  skills: r.skills.join(', '),
});
type Draft = ReturnType<typeof fromRecord>;

/** "wiring, solar,  , Wiring" → ["wiring", "solar"] (trimmed, no empties, no repeats). */
export function splitSkills(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

export function SkillBadges({ skills }: { skills: string[] }) {
  return skills.length ? (
    <ul className="pd-skills" role="list" aria-label="Skills">
      {skills.map((s) => (
        <li key={s} className="pd-badge">
          {s}
        </li>
      ))}
    </ul>
  ) : (
    <span className="pd-muted">None listed</span>
  );
}

/**
 * Profile tab (docs/PRODUCT.md "Profile"): view mode, and Edit Profile for name, phone,
 * profession, experience, location, bio and skills. The email is shown, never editable.
 */
export default function ProfileTab({ user, record }: { user: SessionUser; record: ProfessionalRecord }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => fromRecord(record));
  const { errors, setErrors, status, setStatus, saving, submit } = useSaveForm();
  // Edit Profile gives way to the form: focus moves to its first field, and back to Edit Profile
  // when the form is left (saved or cancelled) rather than being lost with the button.
  const firstField = useFocusOn<HTMLInputElement>(editing);
  const editButton = useFocusOn<HTMLButtonElement>(!editing);

  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));

  function onSubmit(event: FormEvent) {
    const changes: ProfileChanges = { ...draft, skills: splitSkills(draft.skills) };
    // The changes as typed are sent (the schema only checks them).
    void submit(
      event,
      () => profileSchema.safeParse(changes),
      () => saveProfile(changes),
      () => setEditing(false),
    );
  }

  const field = (
    key: keyof Draft,
    label: string,
    control: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode,
    hint?: string,
  ) => {
    const fieldId = `${id}-${key}`;
    const described =
      [errors[key] ? `${fieldId}-error` : '', hint ? `${fieldId}-hint` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="wz-field">
        <label htmlFor={fieldId}>{label}</label>
        {control({ id: fieldId, 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': described })}
        {hint ? (
          <p className="wz-hint" id={`${fieldId}-hint`}>
            {hint}
          </p>
        ) : null}
        {errors[key] ? (
          <p className="wz-error" id={`${fieldId}-error`}>
            {errors[key]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="card pd-card" aria-labelledby={`${id}-title`}>
      <div className="pd-head">
        <h2 id={`${id}-title`}>Profile</h2>
        {!editing ? (
          <button
            ref={editButton}
            type="button"
            className="btn btn-line wz-button"
            onClick={() => {
              setDraft(fromRecord(record));
              setStatus('');
              setEditing(true);
            }}
          >
            Edit Profile
          </button>
        ) : null}
      </div>
      <p role="status" className="wz-status">
        {status}
      </p>
      {editing ? (
        <form className="wz-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="wz-row">
            {field('firstName', 'First name', (p) => (
              <input
                {...p}
                ref={firstField}
                autoComplete="given-name"
                value={draft.firstName}
                onChange={set('firstName')}
              />
            ))}
            {field('lastName', 'Last name', (p) => (
              <input {...p} autoComplete="family-name" value={draft.lastName} onChange={set('lastName')} />
            ))}
          </div>
          <div className="wz-field">
            <span className="pd-label">Email</span>
            <span>{record.email}</span>
            <p className="wz-hint">Email cannot be changed.</p>
          </div>
          {field('phone', 'Phone', (p) => (
            <input {...p} type="tel" autoComplete="tel" value={draft.phone} onChange={set('phone')} />
          ))}
          <div className="wz-row">
            {field('profession', 'Profession', (p) => (
              <select {...p} value={draft.profession} onChange={set('profession')}>
                {CATEGORY_NAMES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            ))}
            {field('experience', 'Experience', (p) => (
              <input {...p} value={draft.experience} onChange={set('experience')} placeholder="e.g. 5 years" />
            ))}
          </div>
          {field('location', 'Location', (p) => (
            <select {...p} value={draft.location} onChange={set('location')}>
              <option value="">Not set</option>
              {CITY_NAMES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          ))}
          {field('bio', 'Bio', (p) => (
            <textarea {...p} rows={4} value={draft.bio} onChange={set('bio')} />
          ))}
          {field(
            'skills',
            'Skills',
            (p) => (
              <input {...p} value={draft.skills} onChange={set('skills')} />
            ),
            'Separate skills with commas, e.g. Wiring, Solar panels',
          )}
          {draft.skills.trim() ? <SkillBadges skills={splitSkills(draft.skills)} /> : null}
          {errors.form ? (
            <p className="wz-alert" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="wz-actions">
            <button type="submit" className="btn wz-button" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              className="btn btn-line wz-button"
              disabled={saving}
              onClick={() => {
                setErrors({});
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <dl className="auth-data">
          <div className="auth-data-row">
            <dt>Name</dt>
            <dd>
              {record.firstName} {record.lastName}
            </dd>
          </div>
          <div className="auth-data-row">
            <dt>Email</dt>
            <dd>{record.email}</dd>
          </div>
          <div className="auth-data-row">
            <dt>Phone</dt>
            <dd>{record.phone || 'Not provided'}</dd>
          </div>
          <div className="auth-data-row">
            <dt>Profession</dt>
            <dd>{record.profession}</dd>
          </div>
          <div className="auth-data-row">
            <dt>Experience</dt>
            <dd>{record.experience || 'Not set'}</dd>
          </div>
          <div className="auth-data-row">
            <dt>Location</dt>
            <dd>{[record.localAddress, record.location].filter(Boolean).join(', ') || 'Ghana'}</dd>
          </div>
          <div className="auth-data-row">
            <dt>Bio</dt>
            <dd>{record.bio}</dd>
          </div>
          <div className="auth-data-row">
            <dt>Skills</dt>
            <dd>
              <SkillBadges skills={record.skills} />
            </dd>
          </div>
          <div className="auth-data-row">
            <dt>Member since</dt>
            <dd>{longDate(new Date(`${record.joinDate}T00:00:00Z`))}</dd>
          </div>
          {user.userType === 'professional' && record.subscription ? (
            <div className="auth-data-row">
              <dt>Subscription</dt>
              <dd>Paid until {longDate(new Date(record.subscription.paidUntil))}</dd>
            </div>
          ) : null}
        </dl>
      )}
    </section>
  );
}
