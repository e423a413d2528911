import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { dashboardPath } from '../../../../contract/accounts.ts';
import type { UserType } from '../../../../contract/accounts.ts';
import { $session } from '../../stores/session.ts';
import { AppShell } from '../shell/AppShell.tsx';
import { GUARD_TEXTS, GuardLoading } from '../shell/GuardLoading.tsx';
import { DashboardPanel } from './DashboardPanel.tsx';

interface Props {
  /** Who may open the page: one account type, or 'any' signed-in user (/dashboard). */
  allow: UserType | 'any';
  /** The dashboard's name, for its heading. */
  title: string;
}

/**
 * The user route guard (spec 000 §4, 001 §2): "Loading..." until the session is read;
 * "Verifying authentication..." while a stored token is checked; no session → /signin; another
 * account type → that account's own dashboard (both replacing history); otherwise the page.
 */
function Guard({ allow, title }: Props) {
  const { status, user } = useStore($session);
  const wrongType = status === 'signed-in' && user !== null && allow !== 'any' && user.userType !== allow;

  useEffect(() => {
    if (status === 'signed-out') window.location.replace('/signin');
    else if (wrongType && user) window.location.replace(dashboardPath(user.userType));
  }, [status, wrongType, user]);

  if (status === 'verifying') return <GuardLoading text={GUARD_TEXTS.auth} />;
  if (status !== 'signed-in' || !user || wrongType) return <GuardLoading text={GUARD_TEXTS.loading} />;
  return <DashboardPanel title={title} user={user} />;
}

export default function RouteGuard(props: Props) {
  return (
    <AppShell name="dashboard">
      <Guard {...props} />
    </AppShell>
  );
}
