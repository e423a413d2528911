import { useId, useState } from 'react';
import { actionErrorMessage } from '../lib/api.ts';
import { downloadWithToken } from '../lib/download.ts';
import { $session } from '../stores/session.ts';
import { useFocusBack } from './useFocusBack.ts';
import { exportMyData } from '../../../contract/privacy.ts';

/** The path and wording of "download my data" (the right of access). */
export const MY_DATA_PATH = exportMyData.path;
export const MY_DATA_TEXTS = {
  title: 'Your data',
  explain:
    'Download everything we hold about your account as a JSON file: your profile, payments, subscription, bookings, messages and reviews. Other people appear by name only.',
  button: 'Download my data',
  busy: 'Preparing your file...',
  done: (name: string) => `Downloaded ${name}`,
  failed: 'Your data could not be downloaded. Please try again.',
} as const;

type Phase = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; name: string } | { kind: 'failed'; message: string };

/** A card for every dashboard's profile: the signed-in person's own data as a file. */
export function DownloadMyData({ className = 'card dash-card' }: { className?: string }) {
  const headingId = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const button = useFocusBack<HTMLButtonElement>(phase.kind === 'busy');

  async function download() {
    const token = $session.get().token;
    if (!token) return setPhase({ kind: 'failed', message: 'Please sign in again to download your data.' });
    setPhase({ kind: 'busy' });
    try {
      const name = await downloadWithToken(MY_DATA_PATH, token, 'my-data.json');
      setPhase({ kind: 'done', name });
    } catch (error) {
      setPhase({ kind: 'failed', message: actionErrorMessage(error, MY_DATA_TEXTS.failed) });
    }
  }

  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>{MY_DATA_TEXTS.title}</h2>
      <p className="field-hint">{MY_DATA_TEXTS.explain}</p>
      <button
        ref={button}
        type="button"
        className="btn btn-line action-button"
        disabled={phase.kind === 'busy'}
        onClick={() => void download()}
      >
        {phase.kind === 'busy' ? MY_DATA_TEXTS.busy : MY_DATA_TEXTS.button}
      </button>
      <p role="status">{phase.kind === 'done' ? MY_DATA_TEXTS.done(phase.name) : ''}</p>
      {phase.kind === 'failed' ? <p role="alert">{phase.message}</p> : null}
    </section>
  );
}
