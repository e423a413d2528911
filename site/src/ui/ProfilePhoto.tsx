import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { PHOTO_RULE } from '../../../contract/photos.ts';
import { $photos, removeProfilePhoto, uploadProfilePhoto, type PhotoOutcome } from '../stores/photos.ts';
import { Avatar } from './Avatar.tsx';
import { PhotoOutcomeNote, PhotoPicker, type PhotoNote } from './PhotoPicker.tsx';

type Result = PhotoNote;

/**
 * "Profile photo" on every dashboard's Profile tab: the current photo or the initials,
 * a file chooser (the phone offers its camera and gallery), Remove, and what happened in plain
 * words by the control. `onChanged` gets the new thumbnail address (null: removed), so the
 * dashboard's header follows.
 */
export function ProfilePhoto({
  name,
  avatar,
  onChanged,
  className = 'card dash-card',
}: {
  name: string;
  /** The record's thumbnail: shown until the photos have loaded. */
  avatar: string | null;
  onChanged: (avatar: string | null) => void;
  className?: string;
}) {
  const id = useId();
  const load = useStore($photos);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const current = load.state === 'loaded' ? (load.data.profile?.thumb ?? null) : avatar;

  async function run(kind: 'upload' | 'remove', action: () => Promise<PhotoOutcome>) {
    setResult(null);
    setBusy(kind);
    const outcome = await action();
    setBusy(null);
    setResult({ ok: outcome.ok, text: outcome.message });
    if (outcome.ok) onChanged(outcome.data.profile?.thumb ?? null);
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    input.value = ''; // the same file can be chosen again after a failure
    if (file) void run('upload', () => uploadProfilePhoto(file));
  }

  return (
    // Not a named region: the Profile card beside it is the region called "Profile".
    <section className={`${className} ph-card`}>
      <h2>Profile photo</h2>
      <div className="ph-current">
        <Avatar
          name={name}
          src={current}
          size="lg"
          alt={current ? 'Your profile photo' : `No photo yet: your initials are shown`}
        />
        <div className="ph-buttons">
          <PhotoPicker
            id={id}
            label={current ? 'Change photo' : 'Add photo'}
            busy={busy !== null}
            refused={!!result && !result.ok}
            onPick={onPick}
          />
          {current ? (
            <button
              type="button"
              className="btn btn-line action-button"
              disabled={busy !== null}
              onClick={() => void run('remove', removeProfilePhoto)}
            >
              {busy === 'remove' ? 'Removing...' : 'Remove'}
            </button>
          ) : null}
        </div>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {PHOTO_RULE}, from your camera or gallery. Customers and professionals see it beside your name; we keep no
        location or camera details from the file.
      </p>
      <PhotoOutcomeNote id={id} uploading={busy === 'upload'} result={result} />
    </section>
  );
}

export default ProfilePhoto;
