import { useId } from 'react';
import { useFocusOnMount } from './useFocus.ts';
import './shell.css';

interface Props {
  /** The island's name, e.g. "contact form". */
  name: string;
  error: unknown;
}

/** A page that fails to start (docs/PRODUCT.md "Plain words"): a plain "Application Error" panel with the error details. */
export function StartupFailure({ name, error }: Props) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const titleId = useId();
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <section className="card shell-panel" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Application Error
      </h2>
      <p>Failed to load {name} application. Please refresh the page and try again.</p>
      <details>
        <summary>Error details</summary>
        <pre className="shell-details">{details}</pre>
      </details>
      <div className="actions shell-actions">
        <button type="button" className="btn shell-button" onClick={() => window.location.reload()}>
          Reload Page
        </button>
      </div>
    </section>
  );
}
