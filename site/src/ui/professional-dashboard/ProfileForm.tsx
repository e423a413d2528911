import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { CATEGORY_NAMES } from '../../../../contract/categories.ts';
import { CITY_NAMES } from '../../../../contract/cities.ts';
import { profileSchema } from '../../../../contract/profile.ts';
import { saveProfile } from '../../stores/professional.ts';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { type ControlProps, Field, FormProblem } from '../../ui/kit.tsx';
import { useFocusOnMount } from '../../ui/useFocus.ts';
import { draftChanges, profileDraft, splitSkills } from './profile-draft.ts';
import type { ProfileDraft } from './profile-draft.ts';
import { SkillBadges } from './ProfileView.tsx';
import type { useSaveForm } from './useSaveForm.ts';

/**
 * Edit Profile: name, phone, profession, experience, location, bio and skills; the email is shown,
 * never editable. `save` is the tab's (its status outlives the form); `onDone` leaves the form.
 */
export function ProfileForm({
  record,
  save,
  onDone,
}: {
  record: ProfessionalRecord;
  save: ReturnType<typeof useSaveForm>;
  onDone: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<ProfileDraft>(() => profileDraft(record));
  const { errors, setErrors, saving, submit } = save;
  // Edit Profile gives way to the form: focus moves to its first field.
  const firstField = useFocusOnMount<HTMLInputElement>();

  const set = (key: keyof ProfileDraft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const field = (
    key: keyof ProfileDraft,
    label: string,
    control: (props: ControlProps) => ReactNode,
    hint?: string,
  ) => (
    <Field id={`${id}-${key}`} label={label} error={errors[key]} hint={hint}>
      {control}
    </Field>
  );

  function onSubmit(event: FormEvent) {
    const changes = draftChanges(draft);
    void submit(
      event,
      () => profileSchema.safeParse(changes),
      () => saveProfile(changes),
      onDone,
    );
  }

  return (
    <form className="form-grid" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="field-row">
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
      <div className="form-field">
        <span className="dash-label">Email</span>
        <span>{record.email}</span>
        <p className="field-hint">Email cannot be changed.</p>
      </div>
      {field('phone', 'Phone', (p) => (
        <input {...p} type="tel" autoComplete="tel" value={draft.phone} onChange={set('phone')} />
      ))}
      <div className="field-row">
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
      <FormProblem message={errors.form} />
      <div className="form-actions">
        <button type="submit" className="btn action-button" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button
          type="button"
          className="btn btn-line action-button"
          disabled={saving}
          onClick={() => {
            setErrors({});
            onDone();
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
