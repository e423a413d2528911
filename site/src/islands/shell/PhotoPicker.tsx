import type { ChangeEvent } from 'react';
import { PHOTO_ACCEPT } from '../../../../contract/photos.ts';

/**
 * A photo chooser: the file input (phones offer the camera and the gallery) drawn as a 44 px
 * button by its label. `id` names the input; `${id}-hint` and, after a refusal, `${id}-error` describe it.
 */
export function PhotoPicker({ id, label, busy, refused, onPick }: { id: string; label: string; busy: boolean; refused: boolean; onPick: (event: ChangeEvent<HTMLInputElement>) => void }) {
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
      <label htmlFor={`${id}-file`} className="btn wz-button ph-pick">
        {label}
      </label>
    </>
  );
}
