import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../contract/account-types.ts';
import { LOGIN_MESSAGES } from '../../../contract/account-types.ts';
import { showToast } from '../stores/toast.ts';
import { $firstVisit, welcomeText } from '../stores/welcome.ts';
import { useFocusOnMount } from './useFocus.ts';
import { autoCorrectedText, takeSignInFlash } from '../lib/signin-flash.ts';
import type { SignInFlash } from '../lib/signin-flash.ts';
import type { Load } from '../lib/load.ts';
import { Avatar } from './Avatar.tsx';
import { GuardLoading } from './GuardLoading.tsx';
import { AccountMenu, type AccountMenuItem, signOutAndLeave } from './AccountMenu.tsx';

/** Pieces every dashboard shows (docs/PRODUCT.md "Signing in and sessions", "Dashboards"). */

/** What a dashboard island gets once the route guard lets the user in. */
export interface DashboardViewProps {
  title: string;
  user: SessionUser;
}

// Every dashboard's way out, next to the account menu that offers it.
export { signOutAndLeave };

/**
 * The sign-in page's welcome toast and "Account Type Auto-Corrected" notice, read once. The toast
 * waits for the dashboard's record to say whether this is the first visit ("Welcome" or "Welcome back").
 */
export function SignInNotice() {
  const [flash, setFlash] = useState<SignInFlash | null>(null);
  const [welcomed, setWelcomed] = useState(false);
  const firstVisit = useStore($firstVisit);
  useEffect(() => {
    const taken = takeSignInFlash();
    if (taken) setFlash(taken);
  }, []);
  useEffect(() => {
    if (!flash || welcomed || firstVisit === undefined) return;
    setWelcomed(true);
    showToast({
      title: LOGIN_MESSAGES.successTitle,
      description: welcomeText(flash.firstName, firstVisit),
      variant: 'success',
    });
  }, [flash, welcomed, firstVisit]);
  if (!flash?.picked || flash.picked === flash.actual) return null;
  return (
    <div className="auth-panel" role="status">
      <h2>{LOGIN_MESSAGES.autoCorrectedTitle}</h2>
      <p>{autoCorrectedText(flash.picked, flash.actual)}</p>
    </div>
  );
}

/** "Signed in as Ama Mensah (ama@example.com) — professional account". */
export function SignedInAs({ user }: { user: SessionUser }) {
  return (
    <p className="dashboard-who">
      Signed in as {user.firstName} {user.lastName} ({user.email}) — {user.userType} account
    </p>
  );
}

/**
 * A dashboard's record as the page shows it: the loading screen, the failure with Try Again, or
 * what `shown` draws of the record.
 */
export function RecordView<T>({
  load,
  onRetry,
  shown,
}: {
  load: Load<T>;
  onRetry: () => void;
  shown: (record: T) => ReactNode;
}) {
  if (load.state === 'loading') return <GuardLoading text="Loading your dashboard..." />;
  if (load.state === 'failed') return <LoadError message={load.message} onRetry={onRetry} />;
  return shown(load.data);
}

/** Every dashboard's failure panel (docs/PRODUCT.md "Dashboards") with Try Again and Sign In Again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const titleId = useId();
  return (
    <section className="card shell-panel" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Unable to Load Dashboard
      </h2>
      <p>{message}</p>
      <div className="actions shell-actions">
        <button type="button" className="btn shell-button" onClick={onRetry}>
          Try Again
        </button>
        <button type="button" className="btn btn-line shell-button" onClick={() => void signOutAndLeave()}>
          Sign In Again
        </button>
      </div>
    </section>
  );
}

/** Heading, the account menu, who is signed in, and the sign-in notices: the top of a role's dashboard. */
export function DashboardHeader({
  title,
  user,
  avatar,
  menu,
}: {
  title: string;
  user: SessionUser;
  avatar?: string | null;
  /** The places the account menu opens, as the customer's does (Profile…). */
  menu: AccountMenuItem[];
}) {
  return (
    <>
      <div className="dash-head">
        <div className="avatar-row">
          {/* The record's photo once it has loaded (initials until then, or when there is none). */}
          <Avatar name={`${user.firstName} ${user.lastName}`} src={avatar} size="md" />
          <h1>{title}</h1>
        </div>
        <AccountMenu name={user.firstName} userType={user.userType} items={menu} />
      </div>
      <SignedInAs user={user} />
      <SignInNotice />
    </>
  );
}

/** A stat card: a label and a big figure, with an optional note. */
export function Stat({
  label,
  value,
  note,
  strong,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  strong?: boolean;
}) {
  return (
    <li className={strong ? 'card dash-stat is-strong' : 'card dash-stat'}>
      <span className="dash-stat-label">{label}</span>
      <strong className="dash-stat-value">{value}</strong>
      {note ? <span className="dash-stat-note">{note}</span> : null}
    </li>
  );
}
