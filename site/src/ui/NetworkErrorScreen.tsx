import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { classifyError } from '../lib/errors.ts';
import { $probe, type ProbeStatus, probe as probeAgain } from '../stores/probe.ts';
import { useFocusOnMount } from './useFocus.ts';
import './shell.css';

export const MAX_RETRIES = 3; // spec: error-screen retries max 3, 1 s wait
export const RETRY_WAIT_MS = 1000;

interface Props {
  error: unknown;
  /** Retries still allowed; kept by the ErrorBoundary so it survives the screen being re-shown. */
  retriesLeft: number;
  /** Clears the error; `auto` is true for the retry started by the browser's `online` event. */
  onRetry: (auto: boolean) => void;
}

const STATUS_TEXT: Record<ProbeStatus, string> = {
  checking: 'Checking connection...',
  online: 'Connected',
  offline: 'No connection',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The network-aware error screen (docs/PRODUCT.md "Plain words"). A retry probes connectivity, waits 1 s, then
 * clears the error (the island renders again and shows this screen again if it still fails), at
 * most 3 times; going back online retries by itself.
 */
export function NetworkErrorScreen({ error, retriesLeft, onRetry }: Props) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const titleId = useId();
  // Probed when shown and on each retry (stores/probe.ts).
  const { status, result: probe } = useStore($probe);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  const busyRef = useRef(false);
  const { kind, message } = classifyError(error);

  async function retry(auto: boolean): Promise<void> {
    if (busyRef.current || (!auto && retriesLeft <= 0)) return;
    busyRef.current = true;
    setBusy(true);
    await probeAgain();
    await wait(RETRY_WAIT_MS);
    if (!alive.current) return;
    busyRef.current = false;
    setBusy(false);
    onRetry(auto);
  }

  // The latest retry for the event listeners (they are added once).
  const retryRef = useRef(retry);
  retryRef.current = retry;

  // Back online: a retry by itself. The listener is added once; it calls the latest retry through a ref.
  useEffect(() => {
    alive.current = true;
    const online = () => void retryRef.current(true);
    window.addEventListener('online', online);
    return () => {
      alive.current = false;
      window.removeEventListener('online', online);
    };
  }, []);

  const slow = status === 'online' && probe && !probe.hasGoodConnection;

  return (
    <section className="card shell-panel" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {kind === 'location' ? 'Location services unavailable' : 'Connection problem'}
      </h2>
      <p>{message}</p>
      <p className="shell-status" data-status={status}>
        <span className="shell-dot" aria-hidden="true" /> {STATUS_TEXT[status]}
        {slow ? <span className="shell-muted"> (slow connection)</span> : null}
      </p>
      <div className="actions shell-actions">
        <button
          type="button"
          className="btn shell-button"
          disabled={busy || retriesLeft <= 0}
          onClick={() => void retry(false)}
        >
          {busy ? 'Retrying...' : `Try Again (${retriesLeft} left)`}
        </button>
        <button type="button" className="btn btn-line shell-button" onClick={() => window.location.reload()}>
          Reload Page
        </button>
      </div>
      {kind === 'location' ? (
        <>
          <h3>If location or map features fail</h3>
          <ul className="shell-tips">
            <li>You can still browse all professionals; Accra is used as the default location.</li>
            <li>The maps service may have a billing or API key problem on our side. It is not your device.</li>
            <li>Try again in a few minutes.</li>
          </ul>
        </>
      ) : (
        <>
          <h3>Things to try</h3>
          <ul className="shell-tips">
            <li>Check that mobile data or Wi-Fi is switched on.</li>
            <li>Move to a place with a stronger signal.</li>
            <li>Check that you have data bundle left.</li>
            <li>Turn airplane mode on and off again.</li>
          </ul>
        </>
      )}
    </section>
  );
}
