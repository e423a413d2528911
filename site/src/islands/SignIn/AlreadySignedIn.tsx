import { useState } from 'react';
import { dashboardPath } from '../../../../contract/account-types.ts';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { signOut } from '../../stores/session.ts';

/**
 * Sign out with this phone's notifications ended first. The push store is loaded on the tap, not
 * with the sign-in form: every first visit would pay for it (its 110 KB, docs/BENCHMARKS.md). When it
 * cannot load (no signal), the session still ends here, and the server drops the phones the session
 * turned on when it hears of the sign-out.
 */
async function signOutWithPhone(): Promise<void> {
  const loaded = await import('../../stores/sign-out.ts').catch(() => null);
  await (loaded ? loaded.signOutHere() : signOut());
}

/** A session is already open: on to its dashboard, or sign out to sign in as someone else. */
export function AlreadySignedIn({ user }: { user: SessionUser }) {
  const [leaving, setLeaving] = useState(false);
  async function onSignOut() {
    setLeaving(true);
    await signOutWithPhone();
    setLeaving(false);
  }
  return (
    <div className="auth-panel" role="status">
      <p>
        You are already signed in as {user.firstName} {user.lastName} ({user.email}).
      </p>
      <div className="actions shell-actions">
        <a className="btn" href={dashboardPath(user.userType)}>
          Continue to your dashboard
        </a>
        <button type="button" className="btn btn-line auth-button" onClick={() => void onSignOut()} disabled={leaving}>
          Sign out
        </button>
      </div>
    </div>
  );
}
