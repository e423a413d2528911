import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { OFFLINE_WORDS } from '../../../contract/connection.ts';
import { StartupError } from './ErrorBoundary.tsx';
import { GUARD_TEXTS, GuardLoading } from './GuardLoading.tsx';
import { Modal } from './Modal.tsx';
import { type Attempt, partLoader } from './part-loader.ts';
import './part-failed.css';

/**
 * What a part that could not load says (docs/PRODUCT.md "Plain words"); offline, only that it has
 * not loaded: the offline banner says the rest once for the page ("Working offline").
 */
export const PART_FAILED_TEXTS = {
  offline: OFFLINE_WORDS.notLoaded,
  online: 'This part could not load. Please try again.',
} as const;

type Module<P> = { default: ComponentType<P> };

/** True while the browser says it is online, kept up to date. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The small panel a part that could not load shows in its own place: what happened, Try Again, and
 * (online, where a reload can help: a release replaced the part's file) Reload Page. The rest of the
 * page goes on working; the part loads by itself when the browser is back online.
 */
export function PartFailed({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  return (
    <div className="part-failed" role="alert">
      <p>{online ? PART_FAILED_TEXTS.online : PART_FAILED_TEXTS.offline}</p>
      <div className="actions">
        <button type="button" className="btn part-failed-button" onClick={onRetry}>
          Try Again
        </button>
        {online ? (
          <button type="button" className="btn btn-line part-failed-button" onClick={() => window.location.reload()}>
            Reload Page
          </button>
        ) : null}
      </div>
    </div>
  );
}

interface PartOptions<P> {
  island: string;
  load: () => Promise<Module<P>>;
  loadingText: string;
  /** Draws the loading text and the failure panel where the part would be (a dialog's frame). */
  frame?: (props: P, content: ReactNode) => ReactNode;
}

function makePart<P extends object>({ island, load, loadingText, frame }: PartOptions<P>): ComponentType<P> {
  const framed = (props: P, content: ReactNode) => (frame ? frame(props, content) : content);
  const loader = partLoader<Module<P>>(load, {
    failed: () => ({ default: (props: P) => framed(props, <PartFailed onRetry={loader.retry} />) }),
    broken: (error) => new StartupError(island, error),
  });
  // One React.lazy per attempt: lazy() keeps its first result for good.
  const parts = new WeakMap<Attempt<Module<P>>, LazyExoticComponent<ComponentType<P>>>();
  const partOf = (attempt: Attempt<Module<P>>) => {
    let Part = parts.get(attempt);
    if (!Part) {
      Part = lazy(attempt.run);
      parts.set(attempt, Part);
    }
    return Part;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: one part per import, made once at module level
  return function LazyPart(props: P) {
    const attempt = useSyncExternalStore(loader.subscribe, loader.current, loader.current);
    // Opening a part again after it failed is a new try (a tab chosen again, a dialog reopened).
    useEffect(() => loader.retry(), []);
    const Part = partOf(attempt);
    return (
      <Suspense fallback={framed(props, <GuardLoading text={loadingText} />)}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/**
 * A part of an island downloaded when first drawn, showing `loadingText` meanwhile. A download
 * that fails for lack of a connection shows PartFailed in the part's place, and the part loads when
 * the browser is back online or on Try Again; every place showing it shares one download. Code that
 * downloaded but broke reaches the island's ErrorBoundary as a StartupError ("Application Error").
 */
export function lazyPart<P extends object>(
  island: string,
  load: () => Promise<Module<P>>,
  loadingText: string = GUARD_TEXTS.loading,
): ComponentType<P> {
  return makePart({ island, load, loadingText });
}

/**
 * lazyPart for a dialog: while it loads, and if it cannot, a dialog titled `title` says so (with a
 * Close that calls the dialog's own `onClose`), where the person looks after tapping.
 */
export function lazyDialog<P extends { onClose: () => void }>(
  island: string,
  load: () => Promise<Module<P>>,
  title: (props: P) => string,
  loadingText: string = GUARD_TEXTS.loading,
): ComponentType<P> {
  return makePart({
    island,
    load,
    loadingText,
    frame: (props, content) => (
      <Modal title={title(props)} onClose={props.onClose}>
        {content}
      </Modal>
    ),
  });
}
