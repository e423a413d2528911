import { useId, useState } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { useFocusOn } from '../../ui/useFocus.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { ProfileView } from './ProfileView.tsx';
import { UssdPinCard } from './UssdPinCard.tsx';
import { useSaveForm } from './useSaveForm.ts';

/**
 * Profile tab (docs/PRODUCT.md "Profile"): view mode, and Edit Profile for name, phone,
 * profession, experience, location, bio and skills. The email is shown, never editable.
 */
export default function ProfileTab({ user, record }: { user: SessionUser; record: ProfessionalRecord }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const save = useSaveForm();
  // Edit Profile gives way to the form, which takes focus; focus comes back to Edit Profile when
  // the form is left (saved or cancelled) rather than being lost with the button.
  const editButton = useFocusOn<HTMLButtonElement>(!editing);

  return (
    <>
      <section className="card dash-card" aria-labelledby={`${id}-title`}>
        <div className="dash-head">
          <h2 id={`${id}-title`}>Profile</h2>
          {!editing ? (
            <button
              ref={editButton}
              type="button"
              className="btn btn-line action-button"
              onClick={() => {
                save.setStatus('');
                setEditing(true);
              }}
            >
              Edit Profile
            </button>
          ) : null}
        </div>
        <p role="status" className="form-status">
          {save.status}
        </p>
        {editing ? (
          <ProfileForm record={record} save={save} onDone={() => setEditing(false)} />
        ) : (
          <ProfileView user={user} record={record} />
        )}
      </section>
      <UssdPinCard />
    </>
  );
}
