import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '../stores/toast.ts';
import type { Toast } from '../stores/toast.ts';
import './toast.css';

function ToastCard({ toast }: { toast: Toast }) {
  return (
    <div className="toast" data-variant={toast.variant}>
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast-description">{toast.description}</p> : null}
      </div>
      <button type="button" className="toast-dismiss" onClick={() => dismissToast(toast.id)}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * Shows the one current toast ($toast). Both live regions stay in the page so screen readers
 * announce what is put into them: polite for ordinary news, assertive (role="alert") for failures.
 */
export default function ToastHost() {
  // Hydrates empty, as pre-rendered: a toast shown before this island woke (it wakes when the
  // browser is idle) would differ from the HTML (React #418); it is drawn right after.
  const toast = useStore($toast, { ssr: 'initial' });
  const urgent = toast?.variant === 'destructive';
  return (
    <div className="toast-host">
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && !urgent ? <ToastCard toast={toast} /> : null}
      </div>
      <div role="alert" aria-atomic="true">
        {toast && urgent ? <ToastCard toast={toast} /> : null}
      </div>
    </div>
  );
}
