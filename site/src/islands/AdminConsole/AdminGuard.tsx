import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ADMIN_MESSAGES } from '../../../../contract/admin.ts';
import type { AdminStats } from '../../../../contract/admin.ts';
import { $adminSession, checkAdminSession } from '../../stores/admin-session.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import { useServiceWorker } from '../../ui/useServiceWorker.ts';
import { EXPIRED_FLAG, LOGIN_PATH } from './login-paths.ts';

const loadConsole = () => import('./AdminConsole.tsx');
const Console = lazyPart<{ initialStats: AdminStats }>(
  'admin dashboard',
  loadConsole,
  'Loading the admin dashboard...',
);

type Gate = { state: 'checking' } | { state: 'leaving'; message: string | null } | { state: 'open'; stats: AdminStats };

/**
 * The admin guard (docs/PRODUCT.md "Administrators"): no adminToken → the session-expired message and /admin/login;
 * the token is checked with GET /api/admin/stats; refused → token removed, login; network error →
 * login with the token kept. While checking: "Verifying admin authentication...". A token refused
 * later (expired mid-use, logged out in another tab) also ends at the login page.
 */
function Guard() {
  const [gate, setGate] = useState<Gate>({ state: 'checking' });
  const session = useStore($adminSession);

  useEffect(() => {
    void loadConsole().catch(() => undefined); // download the console while the token is checked
    void checkAdminSession().then((check) => {
      if (check.result === 'ok') {
        setGate({ state: 'open', stats: check.stats });
        return;
      }
      // No session, or one the server refused: say so here and on the login page. Unreachable:
      // the login page checks again and says the server could not be reached.
      const expired = check.result !== 'unreachable';
      setGate({ state: 'leaving', message: expired ? ADMIN_MESSAGES.sessionExpired : null });
      window.location.replace(expired ? `${LOGIN_PATH}?${EXPIRED_FLAG}` : LOGIN_PATH);
    });
  }, []);

  const ended = gate.state === 'open' && session.status === 'signed-out';
  // Signed in: the app installs itself for offline use (issue #27).
  useServiceWorker(gate.state === 'open');
  useEffect(() => {
    if (ended) window.location.replace(`${LOGIN_PATH}?${EXPIRED_FLAG}`);
  }, [ended]);

  if (gate.state === 'checking') return <GuardLoading text={ADMIN_MESSAGES.verifying} />;
  if (gate.state === 'leaving' || ended) {
    const message = gate.state === 'leaving' ? gate.message : ADMIN_MESSAGES.sessionExpired;
    return message ? (
      <p className="auth-panel" role="alert">
        {message}
      </p>
    ) : (
      <GuardLoading text={ADMIN_MESSAGES.verifying} />
    );
  }
  return <Console initialStats={gate.stats} />;
}

export default function AdminGuard() {
  return (
    <AppShell name="admin dashboard">
      <OfflineBanner />
      <Guard />
    </AppShell>
  );
}
