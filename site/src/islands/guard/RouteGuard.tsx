import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { ComponentType } from 'react';
import { dashboardPath } from '../../../../contract/account-types.ts';
import type { UserType } from '../../../../contract/account-types.ts';
import { $session } from '../../stores/session.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { GUARD_TEXTS, GuardLoading } from '../../ui/GuardLoading.tsx';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import type { DashboardViewProps } from '../../ui/DashboardParts.tsx';
import { useServiceWorker } from '../../ui/useServiceWorker.ts';
import { DashboardPanel } from './DashboardPanel.tsx';
import { SessionEnded } from './SessionEnded.tsx';

type Loader = () => Promise<{ default: ComponentType<DashboardViewProps> }>;

/**
 * The dashboard each page shows, by its `allow` value, loaded lazily (its chunk downloads while
 * the session is being verified). Pages without an entry show the placeholder DashboardPanel.
 */
const LOADERS: Partial<Record<UserType | 'any', Loader>> = {
  customer: () => import('../../ui/customer-dashboard/CustomerDashboard.tsx'),
  professional: () => import('../../ui/professional-dashboard/ProfessionalDashboard.tsx'),
  affiliate: () => import('../../ui/affiliate-dashboard/AffiliateDashboard.tsx'),
  any: () => import('../../ui/general-dashboard/GeneralDashboard.tsx'),
};
const VIEWS = Object.fromEntries(
  Object.entries(LOADERS).map(([allow, load]) => [allow, lazyPart<DashboardViewProps>('dashboard', load)]),
) as Partial<Record<UserType | 'any', ComponentType<DashboardViewProps>>>;

interface Props {
  /** Who may open the page: one account type, or 'any' signed-in user (/dashboard). */
  allow: UserType | 'any';
  /** The dashboard's name, for its heading. */
  title: string;
}

/**
 * The user route guard (docs/PRODUCT.md "Roles and pages"): "Loading..." until the session is read;
 * "Verifying authentication..." while a stored token is checked; no session → /signin; another
 * account type → that account's own dashboard (both replacing history); otherwise the page. A
 * session that ends while the page is open (docs/PRODUCT.md "Signing in and sessions") does not
 * send the page away: it stays, with the SessionEnded notice on top.
 */
function Guard({ allow, title }: Props) {
  // The first render must draw what the pre-rendered HTML shows ("Loading..."), or React throws
  // away the server's HTML (hydration error #418): reading $session starts the check at once
  // ("Verifying..."), which is drawn right after hydration.
  const { status, user } = useStore($session, { ssr: 'initial' });
  useEffect(() => {
    // Start the dashboard's download now, alongside the session check (the browser reuses the module).
    LOADERS[allow]?.().catch(() => undefined);
  }, [allow]);
  const wrongType = status === 'signed-in' && user !== null && allow !== 'any' && user.userType !== allow;
  // Signed in: the app installs itself for offline use, for this person's role.
  useServiceWorker(status === 'signed-in' && user ? user.userType : null);

  useEffect(() => {
    if (status === 'signed-out') window.location.replace('/signin');
    else if (wrongType && user) window.location.replace(dashboardPath(user.userType));
  }, [status, wrongType, user]);

  if (status === 'verifying') return <GuardLoading text={GUARD_TEXTS.auth} />;
  const showing = status === 'signed-in' || status === 'ended';
  if (!showing || !user || wrongType) return <GuardLoading text={GUARD_TEXTS.loading} />;
  const View = VIEWS[allow];
  // Same shape signed in and ended, so the dashboard (and what was typed in it) stays mounted.
  return (
    <>
      {status === 'ended' ? <SessionEnded /> : null}
      {View ? <View title={title} user={user} /> : <DashboardPanel title={title} user={user} />}
    </>
  );
}

export default function RouteGuard(props: Props) {
  return (
    <AppShell name="dashboard">
      <OfflineBanner />
      <Guard {...props} />
    </AppShell>
  );
}
