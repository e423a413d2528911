import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { chooseToastPlace, keepClearBands } from '../../lib/toast-place.ts';
import { $toast, dismissToast } from '../../stores/toast.ts';
import type { Toast } from '../../stores/toast.ts';
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
 * Keeps the host's place (data-place) clear of the form in use and the tabs while a toast shows:
 * placed when it appears, and again as the page scrolls, resizes or the focus moves.
 */
function useToastPlace(host: RefObject<HTMLDivElement | null>, toastId: number | undefined) {
  useLayoutEffect(() => {
    const element = host.current;
    if (toastId === undefined || !element) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const screenHeight = window.innerHeight;
      const next = chooseToastPlace(element.offsetHeight, screenHeight, keepClearBands(document, screenHeight));
      if (element.dataset.place !== next) element.dataset.place = next;
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    document.addEventListener('focusin', later);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
      document.removeEventListener('focusin', later);
    };
  }, [host, toastId]);
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
  const host = useRef<HTMLDivElement>(null);
  useToastPlace(host, toast?.id);
  return (
    <div className="toast-host" ref={host}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && !urgent ? <ToastCard toast={toast} /> : null}
      </div>
      <div role="alert" aria-atomic="true">
        {toast && urgent ? <ToastCard toast={toast} /> : null}
      </div>
    </div>
  );
}
