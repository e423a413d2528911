import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { PHOTO_RULE, photoSources, WORK_PHOTOS_MAX } from '../../../../contract/photos.ts';
import { PhotoOutcomeNote, PhotoPicker, type PhotoNote } from '../../ui/PhotoPicker.tsx';
import { LoadFailed } from '../../ui/kit.tsx';
import { $photos, addWorkPhoto, removeWorkPhoto, retryPhotos, type PhotoOutcome } from '../../stores/photos.ts';
import '../../ui/avatar.css';

type Result = PhotoNote;

/**
 * "Work photos" on the professional's Profile tab: up to WORK_PHOTOS_MAX photos of
 * jobs done, added from the camera or gallery and removed one by one. Each is described by the
 * profession ("Electrician work photo 2 of 4"), since the photos carry no text of their own.
 */
export default function WorkPhotos({ profession }: { profession: string }) {
  const id = useId();
  const load = useStore($photos);
  const [busy, setBusy] = useState<'add' | number | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  async function run(kind: 'add' | number, action: () => Promise<PhotoOutcome>) {
    setResult(null);
    setBusy(kind);
    const outcome = await action();
    setBusy(null);
    setResult({ ok: outcome.ok, text: outcome.message });
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (file) void run('add', () => addWorkPhoto(file));
  }

  const work = load.state === 'loaded' ? load.data.work : [];
  const full = work.length >= WORK_PHOTOS_MAX;

  return (
    <section className="card dash-card ph-card" aria-labelledby={`${id}-title`}>
      <div className="dash-head">
        <h2 id={`${id}-title`}>Work photos</h2>
        <span className="dash-muted">
          {work.length} of {WORK_PHOTOS_MAX}
        </span>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        Show customers up to {WORK_PHOTOS_MAX} jobs you have done ({PHOTO_RULE} each).
      </p>
      {load.state === 'loading' ? <p role="status">Loading your photos...</p> : null}
      {load.state === 'failed' ? (
        <LoadFailed message={load.message} onRetry={() => void retryPhotos()} look="card" />
      ) : null}
      {work.length ? (
        <ul className="ph-grid" role="list" aria-label="Your work photos">
          {work.map((photo, index) => {
            const alt = `${profession} work photo ${index + 1} of ${work.length}`;
            return (
              <li key={photo.id}>
                <img
                  src={photo.thumb}
                  {...photoSources(photo, 160)}
                  width={160}
                  height={160}
                  loading="lazy"
                  decoding="async"
                  alt={alt}
                />
                <button
                  type="button"
                  className="btn btn-line btn-sm action-button"
                  disabled={busy !== null}
                  aria-label={`Remove ${alt}`}
                  onClick={() => void run(photo.id, () => removeWorkPhoto(photo.id))}
                >
                  {busy === photo.id ? 'Removing...' : 'Remove'}
                </button>
              </li>
            );
          })}
        </ul>
      ) : load.state === 'loaded' ? (
        <p className="dash-muted">No work photos yet.</p>
      ) : null}
      {load.state === 'loaded' ? (
        full ? (
          <p className="dash-muted">You have {WORK_PHOTOS_MAX} work photos. Remove one to add another.</p>
        ) : (
          <div className="ph-buttons">
            <PhotoPicker
              id={id}
              label="Add work photo"
              busy={busy !== null}
              refused={!!result && !result.ok}
              onPick={onPick}
            />
          </div>
        )
      ) : null}
      <PhotoOutcomeNote id={id} uploading={busy === 'add'} result={result} />
    </section>
  );
}
