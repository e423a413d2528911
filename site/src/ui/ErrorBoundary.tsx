import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { classifyError } from '../lib/errors.ts';
import { GenericErrorScreen } from './GenericErrorScreen.tsx';
import { MAX_RETRIES, NetworkErrorScreen } from './NetworkErrorScreen.tsx';
import { StartupFailure } from './StartupFailure.tsx';

/** An island's lazily loaded part failed to download or evaluate (see lazyPart in AppShell). */
export class StartupError extends Error {
  override name = 'StartupError';
  readonly island: string;
  constructor(island: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.island = island;
  }
}

/** After this long without a new error, the network screen's retries are allowed again in full. */
const HEALTHY_AFTER_MS = 30_000;

interface Props {
  /** The island's name, for the start-up failure text. */
  name: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  retriesUsed: number;
}

/**
 * Catches what an island throws while rendering and shows the matching screen: the start-up failure
 * panel, the network-aware screen (network and location-service errors), or the generic screen.
 * Its retry count lives here so it survives the island re-rendering and failing again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, retriesUsed: 0 };
  private healthyTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    clearTimeout(this.healthyTimer);
    console.error(`[${this.props.name}]`, error, info.componentStack);
  }

  override componentWillUnmount(): void {
    clearTimeout(this.healthyTimer);
  }

  reset = (countRetry = false): void => {
    this.setState((state) => ({ error: null, failed: false, retriesUsed: state.retriesUsed + (countRetry ? 1 : 0) }));
    clearTimeout(this.healthyTimer);
    this.healthyTimer = setTimeout(() => this.setState({ retriesUsed: 0 }), HEALTHY_AFTER_MS);
  };

  override render(): ReactNode {
    const { error, failed, retriesUsed } = this.state;
    if (!failed) return this.props.children;
    if (error instanceof StartupError) return <StartupFailure name={error.island} error={error.cause ?? error} />;
    const { kind } = classifyError(error);
    if (kind === 'network' || kind === 'location') {
      return (
        <NetworkErrorScreen
          error={error}
          retriesLeft={Math.max(0, MAX_RETRIES - retriesUsed)}
          onRetry={(auto) => this.reset(!auto)}
        />
      );
    }
    return <GenericErrorScreen onRetry={() => this.reset()} />;
  }
}
