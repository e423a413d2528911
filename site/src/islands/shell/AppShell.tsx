import { useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { ErrorBoundary, StartupError } from './ErrorBoundary.tsx';
import { GUARD_TEXTS, GuardLoading } from './GuardLoading.tsx';

interface Props {
  /** What the island is called in the start-up failure text ("Failed to load {name} application."). */
  name: string;
  children: ReactNode;
}

/** Every island wraps itself in AppShell: an error boundary with the spec's error screens. */
export function AppShell({ name, children }: Props) {
  return <ErrorBoundary name={name}>{children}</ErrorBoundary>;
}

/**
 * A part of an island downloaded when first drawn, showing `loadingText` meanwhile. If the download
 * fails it throws StartupError while rendering, so the island's ErrorBoundary shows "Application
 * Error" (a failed chunk is not fixed by drawing again: the page must be reloaded). Written without
 * lazy()/Suspense so it behaves the same on React and on preact/compat, whose lazy() does not hand a
 * failed download to the error boundary. The download starts once and is shared by every instance.
 */
export function lazyPart<P extends object>(
  island: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  loadingText: string = GUARD_TEXTS.loading,
): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let download: Promise<void> | undefined;
  const start = () =>
    (download ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));

  function LazyPart(props: P) {
    const [, setSettled] = useState(false);
    useEffect(() => {
      if (Loaded || failure) return;
      let mounted = true;
      void start().then(() => mounted && setSettled(true));
      return () => {
        mounted = false;
      };
    }, []);
    if (failure) throw new StartupError(island, failure.error);
    if (!Loaded) return <GuardLoading text={loadingText} />;
    return <Loaded {...props} />;
  }
  return LazyPart;
}
