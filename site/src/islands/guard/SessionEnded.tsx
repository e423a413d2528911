import { signOutAndLeave } from '../../ui/DashboardParts.tsx';
import './session-ended.css';

/** The words the server answers a refused session with (api/src/features/auth/guards.ts), so the page and its calls agree. */
export const SESSION_ENDED_TEXTS = {
  title: 'Your session has ended. Please sign in again.',
  kept: 'What you typed is still on this page: copy anything you need before you sign in.',
  action: 'Sign In Again',
} as const;

/**
 * Shown above a dashboard whose session the server refused while it was open (docs/PRODUCT.md
 * "Signing in and sessions"). It stays in view while the person scrolls, takes no focus (they may
 * be typing), and leaves for /signin only when asked.
 */
export function SessionEnded() {
  return (
    <section className="card se-notice" role="alert" aria-label="Session ended">
      <p className="se-title">{SESSION_ENDED_TEXTS.title}</p>
      <p className="se-kept">{SESSION_ENDED_TEXTS.kept}</p>
      <button type="button" className="btn shell-button" onClick={() => void signOutAndLeave()}>
        {SESSION_ENDED_TEXTS.action}
      </button>
    </section>
  );
}
