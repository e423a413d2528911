import type { ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';

interface Props {
  /** What the island is called in the start-up failure text ("Failed to load {name} application."). */
  name: string;
  children: ReactNode;
}

/**
 * Every island wraps itself in AppShell: an error boundary with the error screens of docs/PRODUCT.md "Plain words". Its
 * lazily loaded parts (ui/LazyPart.tsx) fail alone, in their own place, when they cannot download.
 */
export function AppShell({ name, children }: Props) {
  return <ErrorBoundary name={name}>{children}</ErrorBoundary>;
}
