import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { ErrorBoundary, StartupError } from './ErrorBoundary.tsx';
import { GuardLoading } from './GuardLoading.tsx';

interface Props {
  /** What the island is called in the start-up failure text ("Failed to load {name} application."). */
  name: string;
  children: ReactNode;
  /** Shown while a lazy part loads; "Loading..." by default. */
  loadingText?: string;
}

/**
 * Every island wraps itself in AppShell: an error boundary with the spec's error screens, and a
 * Suspense fallback for parts loaded with lazyPart().
 */
export function AppShell({ name, children, loadingText }: Props) {
  return (
    <ErrorBoundary name={name}>
      <Suspense fallback={<GuardLoading text={loadingText} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * React.lazy whose download failure shows the "Application Error" panel rather than a network
 * screen (a failed chunk is not fixed by retrying the render: the page must be reloaded).
 */
export function lazyPart<P extends object>(island: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      throw new StartupError(island, error);
    }),
  );
}
