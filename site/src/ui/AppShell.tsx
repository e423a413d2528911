import { lazy, Suspense } from 'react';
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
 * A part of an island downloaded when first drawn (React's lazy), showing `loadingText` meanwhile.
 * A failed download reaches the island's ErrorBoundary as a StartupError, so it shows "Application
 * Error" (a failed chunk is not fixed by drawing again: the page must be reloaded). React downloads
 * it once and shares it between every instance.
 */
export function lazyPart<P extends object>(
  island: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  loadingText: string = GUARD_TEXTS.loading,
): ComponentType<P> {
  const Part = lazy(() =>
    load().catch((error: unknown) => {
      throw new StartupError(island, error);
    }),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: one lazy part per import, made once at module level
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={<GuardLoading text={loadingText} />}>
        <Part {...props} />
      </Suspense>
    );
  };
}
