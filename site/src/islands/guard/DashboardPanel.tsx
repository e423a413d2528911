import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { SessionUser } from '../../../../contract/account-types.ts';
import { affiliateRecord, customerRecord, professionalRecord } from '../../../../contract/user-data.ts';
import { dashboardLoadErrorMessage, type DashboardUserType } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { loadStores } from '../../stores/load-store.ts';
import { $session } from '../../stores/session.ts';
import { RecordView, SignedInAs, SignInNotice, signOutAndLeave } from '../../ui/DashboardParts.tsx';
import '../../ui/forms.css';

const ROUTES = { customer: customerRecord, professional: professionalRecord, affiliate: affiliateRecord } as const;

/** An account's record as plain fields; the affiliate's failure has its own words. */
const recordsOf = [false, true].map((affiliate) =>
  loadStores(
    async ({ type, email }: { type: DashboardUserType; email: string }, signal) => {
      const answer = await call(ROUTES[type], { params: { email } }, { token: $session.get().token, signal });
      const record = (answer as unknown as Record<string, unknown>)[type];
      return typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : {};
    },
    { failure: (error) => dashboardLoadErrorMessage(error, { affiliate }) },
  ),
);

const HIDDEN = new Set(['password', 'passwordHash', 'password_hash', 'token']);

/** "firstName" → "First name", "created_at" → "Created at". */
function label(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The record's fields a person reads, each with its value in words (none that is hidden or empty). */
const rowsOf = (record: Record<string, unknown>) =>
  Object.entries(record).flatMap(([key, value]) => {
    const text = HIDDEN.has(key) ? null : show(value);
    return text === null ? [] : [[key, text] as const];
  });

function show(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.join(', ');
  return null;
}

/**
 * Placeholder dashboard (the real dashboards come with the next issue): who is signed in, and the
 * account's record from GET /api/{type}-data/{email}, with its loading and error panels (docs/PRODUCT.md "Dashboards").
 */
export function DashboardPanel({ title, user }: { title: string; user: SessionUser }) {
  const [leaving, setLeaving] = useState(false);
  const affiliate = user.userType === 'affiliate';
  const record = recordsOf[affiliate ? 1 : 0]({ type: user.userType, email: user.email });
  const load = useStore(record.$load);
  const retry = () => void record.retry();

  async function onSignOut() {
    setLeaving(true);
    await signOutAndLeave();
  }

  return (
    <div className="auth-form">
      <div className="auth-row">
        <h1>{title}</h1>
        <button type="button" className="btn btn-line auth-button" onClick={() => void onSignOut()} disabled={leaving}>
          {leaving ? 'Signing out...' : 'Sign out'}
        </button>
      </div>
      <SignedInAs user={user} />
      <SignInNotice />
      <RecordView load={load} onRetry={retry} shown={(record) => <AccountDetails rows={rowsOf(record)} />} />
    </div>
  );
}

/** The account's details as read: one row a field, or a word that there are none yet. */
function AccountDetails({ rows }: { rows: ReturnType<typeof rowsOf> }) {
  return (
    <section className="card" aria-labelledby="dashboard-record">
      <h2 id="dashboard-record">Your account</h2>
      {rows.length > 0 ? (
        <dl className="auth-data">
          {rows.map(([key, text]) => (
            <div key={key} className="auth-data-row">
              <dt>{label(key)}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>No details yet.</p>
      )}
      <p className="auth-hint">Your full dashboard is on its way.</p>
    </section>
  );
}
