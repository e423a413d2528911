import { useId } from 'react';
import { useFocusOnMount } from './useFocus.ts';
import './shell.css';

interface Props {
  onRetry: () => void;
}

/** The generic error screen (docs/PRODUCT.md "Plain words"). */
export function GenericErrorScreen({ onRetry }: Props) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const titleId = useId();
  return (
    <section className="card shell-panel" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Something went wrong
      </h2>
      <p>We encountered an unexpected error. Please try refreshing the page.</p>
      <p className="shell-muted">If this problem persists, please contact support.</p>
      <div className="actions shell-actions">
        <button type="button" className="btn shell-button" onClick={() => window.location.reload()}>
          Reload Page
        </button>
        <button type="button" className="btn btn-line shell-button" onClick={onRetry}>
          Try Again
        </button>
      </div>
    </section>
  );
}
