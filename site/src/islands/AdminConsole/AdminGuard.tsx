import { HYDRATE_FROM_INITIAL } from '../../lib/hydration.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ADMIN_MESSAGES } from '../../../../contract/admin.ts';
import type { AdminStats } from '../../../../contract/admin.ts';
import { $adminCheck, $adminSession } from '../../stores/admin-session.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import { useServiceWorker } from '../../ui/useServiceWorker.ts';
import { EXPIRED_FLAG, LOGIN_PATH } from './login-paths.ts';

const importConsole = () => import('./AdminConsole.tsx');
const Console = lazyPart<{ initialStats: AdminStats }>(
  'admin dashboard',
  importConsole,
  'Loading the admin dashboard...',
);

/**
 * The admin guard (docs/PRODUCT.md "Administrators"): no adminToken → the session-expired message and /admin/login;
 * the token is checked with GET /api/admin/stats ($adminCheck); refused → token removed, login; network error →
 * login with the token kept. While checking: "Verifying admin authentication...". A token refused
 * later (expired mid-use, logged out in another tab) also ends at the login page.
 */
function Guard() {
  const check = useStore($adminCheck, HYDRATE_FROM_INITIAL);
  const session = useStore($adminSession);
  const open = check?.result === 'ok';
  // Refused later (expired mid-use, logged out in another tab).
  const ended = open && session.status === 'signed-out';
  // No session, or one the server refused: say so here and on the login page. Unreachable: the
  // login page checks again and says the server could not be reached.
  const expired = ended || (check !== null && check.result !== 'ok' && check.result !== 'unreachable');
  const leaving = ended || (check !== null && !open);

  // The console's code downloads while the token is checked.
  useEffect(() => {
    void importConsole().catch(() => undefined);
  }, []);
  // Signed in: the app installs itself for offline use, the console's parts with it.
  useServiceWorker(open ? 'admin' : null);
  useEffect(() => {
    if (leaving) window.location.replace(expired ? `${LOGIN_PATH}?${EXPIRED_FLAG}` : LOGIN_PATH);
  }, [leaving, expired]);

  if (check === null) return <GuardLoading text={ADMIN_MESSAGES.verifying} />;
  if (check.result !== 'ok' || ended) {
    return expired ? (
      <p className="auth-panel" role="alert">
        {ADMIN_MESSAGES.sessionExpired}
      </p>
    ) : (
      <GuardLoading text={ADMIN_MESSAGES.verifying} />
    );
  }
  return <Console initialStats={check.stats} />;
}

export default function AdminGuard() {
  return (
    <AppShell name="admin dashboard">
      <OfflineBanner />
      <Guard />
    </AppShell>
  );
}
