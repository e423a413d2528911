import { useState } from 'react';
import { dashboardPath } from '../../../../contract/account-types.ts';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { signOutHere } from '../../stores/sign-out.ts';

/** A session is already open: on to its dashboard, or sign out to sign in as someone else. */
export function AlreadySignedIn({ user }: { user: SessionUser }) {
  const [leaving, setLeaving] = useState(false);
  async function onSignOut() {
    setLeaving(true);
    await signOutHere();
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
