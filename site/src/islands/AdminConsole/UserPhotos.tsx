import { useState } from 'react';
import type { AdminUserDetail } from '../../../../contract/admin.ts';
import { removePhoto } from './admin-actions.ts';
import { ConfirmDialog } from '../../ui/kit.tsx';
import { ActionNote } from './parts.tsx';
import { refreshData } from './refresh.ts';
import { useAction } from './useAction.ts';

type Photo = AdminUserDetail['photos'][number];

/**
 * The account's photos, each removable by the administrator (an offensive or someone else's
 * photo), after asking; the removal is audited and the photo leaves every page at once.
 */
export function UserPhotos({ detail }: { detail: AdminUserDetail }) {
  const { busy, note, run } = useAction();
  const [asking, setAsking] = useState<Photo | null>(null);
  if (detail.photos.length === 0) return <p className="pd-muted">No photos.</p>;

  async function remove(photo: Photo) {
    setAsking(null);
    const done = await run(`photo-${photo.id}`, () => removePhoto(photo.id), { success: () => 'Photo removed.' });
    if (done) refreshData();
  }

  return (
    <section aria-label="Photos" className="pd-stack">
      <ActionNote note={note} />
      <ul className="admin-photos" role="list">
        {detail.photos.map((photo, i) => {
          const what = photo.kind === 'profile' ? 'Profile photo' : `Work photo ${i}`;
          return (
            <li key={photo.id}>
              <img src={photo.thumb} alt={`${what} of ${detail.user.name}`} width="96" height="96" loading="lazy" />
              <button
                type="button"
                className="btn btn-line auth-button admin-danger"
                disabled={busy !== null}
                onClick={() => setAsking(photo)}
              >
                Remove <span className="sr-only">{what.toLowerCase()}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {asking ? (
        <ConfirmDialog
          title="Remove this photo?"
          question={`The ${asking.kind === 'profile' ? 'profile photo' : 'work photo'} leaves ${detail.user.name}'s dashboard and public page at once. They can upload another. The removal is recorded in the activity log.`}
          confirmLabel="Remove photo"
          danger
          onConfirm={() => void remove(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}
