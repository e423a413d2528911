import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { NetworkError } from '../../lib/api.ts';
import { probeConnectivity } from '../../lib/connectivity.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { GUARD_TEXTS, GuardLoading } from '../../ui/GuardLoading.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';

/**
 * Diagnostic island for /app-shell-test: throws errors inside AppShell to show its screens.
 * "Simulate network failure" throws a NetworkError; after each retry the demo checks the real
 * connection (HEAD /favicon.ico) and fails again while it is down, like a data load would.
 */
type Mode = 'idle' | 'network' | 'recovered';
// Module state outlives the boundary's re-render of its children, as a real island's store does.
const $mode = atom<Mode>('idle');

// A part whose download fails, as a lazily loaded chunk does on a dropped connection: it says so in its place.
const UnreachablePart = lazyPart('diagnostic part', async (): Promise<{ default: ComponentType }> => {
  throw new TypeError('Failed to fetch dynamically imported module: /_astro/diagnostic-part.js');
});
// A part that downloaded but throws as it runs (a bug, which trying again cannot mend): the start-up failure panel.
const BrokenPart = lazyPart('diagnostic part', async (): Promise<{ default: ComponentType }> => {
  throw new SyntaxError("Unexpected token '<' (diagnostic: a part's code broken)");
});

function Demo() {
  const mode = useStore($mode);
  const [error, setError] = useState<Error | null>(null);
  const [checking, setChecking] = useState(mode === 'network');
  const [unreachable, setUnreachable] = useState(false);
  const [broken, setBroken] = useState(false);
  // The buttons stay disabled until hydrated, so a click never lands on inert server HTML.
  const ready = useHydrated();
  useEffect(() => {
    if (mode !== 'network') return;
    let live = true;
    setChecking(true);
    void probeConnectivity().then((result) => {
      if (!live) return;
      setChecking(false);
      if (result.isOnline) $mode.set('recovered');
      else setError(new NetworkError('Failed to fetch (diagnostic: connectivity probe failed)'));
    });
    return () => {
      live = false;
    };
  }, [mode]);

  if (error) throw error; // hands the error to the AppShell's boundary
  if (checking) return <GuardLoading text="Checking the connection..." />;

  return (
    <div className="card shell-panel">
      <h2>Trigger an error</h2>
      {mode === 'recovered' ? <p role="status">Connection restored. The island rendered again.</p> : null}
      <div className="actions shell-actions">
        <button
          type="button"
          className="btn shell-button"
          disabled={!ready}
          onClick={() => {
            $mode.set('network');
            setError(new NetworkError('Failed to fetch (diagnostic)'));
          }}
        >
          Simulate network failure
        </button>
        <button
          type="button"
          className="btn shell-button"
          disabled={!ready}
          onClick={() => setError(new Error('Diagnostic: an unexpected error'))}
        >
          Throw generic error
        </button>
        <button
          type="button"
          className="btn btn-line shell-button"
          disabled={!ready}
          onClick={() => setUnreachable(true)}
        >
          Fail to load a part
        </button>
        <button type="button" className="btn btn-line shell-button" disabled={!ready} onClick={() => setBroken(true)}>
          Break a part's code
        </button>
      </div>
      {unreachable ? <UnreachablePart /> : null}
      {broken ? <BrokenPart /> : null}
      <h3>Guard loading texts</h3>
      {Object.values(GUARD_TEXTS).map((text) => (
        <p key={text} className="shell-muted">
          {text}
        </p>
      ))}
    </div>
  );
}

export default function AppShellTest() {
  return (
    <AppShell name="app shell test">
      <Demo />
    </AppShell>
  );
}
