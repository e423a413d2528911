import { useState } from 'react';
import type { AdminUserDetail } from '../../../../contract/admin.ts';
import { removePhoto } from './admin-actions.ts';
import { ConfirmDialog } from '../../ui/kit.tsx';
import { ActionNote } from './parts.tsx';
import { refreshData } from './refresh.ts';
import { useAction } from './useAction.ts';

type Photo = AdminUserDetail['photos'][number];

const KIND_NAMES: Record<Photo['kind'], string> = {
  profile: 'Profile photo',
  work: 'Work photo',
  report: 'Report photo',
};

/** "Profile photo", or "Work photo 2" / "Report photo 1": numbered among the photos of its kind. */
function photoName(photo: Photo, upToIt: readonly Photo[]): string {
  if (photo.kind === 'profile') return KIND_NAMES.profile;
  return `${KIND_NAMES[photo.kind]} ${upToIt.filter((p) => p.kind === photo.kind).length}`;
}

const WHERE_IT_LEAVES: Record<Photo['kind'], (name: string) => string> = {
  profile: (name) => `The profile photo leaves ${name}'s dashboard and public page at once. They can upload another.`,
  work: (name) => `The work photo leaves ${name}'s dashboard and public page at once. They can upload another.`,
  report: (name) => `The photo leaves the problem report ${name} sent it with, at once.`,
};

/**
 * The account's photos, each removable by the administrator (an offensive or someone else's
 * photo), after asking; the removal is audited and the photo leaves every page at once.
 */
export function UserPhotos({ detail }: { detail: AdminUserDetail }) {
  const { busy, note, run } = useAction();
  const [asking, setAsking] = useState<Photo | null>(null);
  if (detail.photos.length === 0) return <p className="dash-muted">No photos.</p>;

  async function remove(photo: Photo) {
    setAsking(null);
    const done = await run(`photo-${photo.id}`, () => removePhoto(photo.id), { success: () => 'Photo removed.' });
    if (done) refreshData();
  }

  return (
    <section aria-label="Photos" className="dash-stack">
      <ActionNote note={note} />
      <ul className="admin-photos" role="list">
        {detail.photos.map((photo, i) => {
          const what = photoName(photo, detail.photos.slice(0, i + 1));
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
          question={`${WHERE_IT_LEAVES[asking.kind](detail.user.name)} The removal is recorded in the activity log.`}
          confirmLabel="Remove photo"
          danger
          onConfirm={() => void remove(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}
