import type { ChangeEvent } from 'react';
import { PHOTO_ACCEPT } from '../../../contract/photos.ts';

/**
 * A photo chooser: the file input (phones offer the camera and the gallery) drawn as a 44 px
 * button by its label. `id` names the input; `${id}-hint` and, after a refusal, `${id}-error` describe it.
 */
export function PhotoPicker({
  id,
  label,
  busy,
  refused,
  onPick,
}: {
  id: string;
  label: string;
  busy: boolean;
  refused: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <>
      <input
        id={`${id}-file`}
        className="ph-file"
        type="file"
        accept={PHOTO_ACCEPT}
        disabled={busy}
        aria-describedby={`${id}-hint${refused ? ` ${id}-error` : ''}`}
        onChange={onPick}
      />
      <label htmlFor={`${id}-file`} className="btn action-button ph-pick">
        {label}
      </label>
    </>
  );
}

/** What became of the last upload: "Uploading...", the saved note, or the refusal (`${id}-error`, which describes the picker). */
/** What the photo controls say after an upload or removal. */
export type PhotoNote = { ok: boolean; text: string };

export function PhotoOutcomeNote({
  id,
  uploading,
  result,
}: {
  id: string;
  uploading: boolean;
  result: PhotoNote | null;
}) {
  return (
    <>
      <p role="status" className="form-status">
        {uploading ? 'Uploading...' : result?.ok ? result.text : ''}
      </p>
      {result && !result.ok ? (
        <p role="alert" className="form-problem" id={`${id}-error`}>
          {result.text}
        </p>
      ) : null}
    </>
  );
}
