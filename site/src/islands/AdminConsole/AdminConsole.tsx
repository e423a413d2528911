import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { AdminStats } from '../../../../contract/admin.ts';
import { adminSignOut } from '../../stores/admin-session.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useTabAddress } from '../../ui/useTabAddress.ts';
import { lazyDialog, lazyPart } from '../../ui/LazyPart.tsx';
import { AffiliatesTab } from './AffiliatesTab.tsx';
import { LOGIN_PATH } from './login-paths.ts';
import { OverviewTab } from './OverviewTab.tsx';
import { PaymentsTab } from './PaymentsTab.tsx';
import { PayoutsTab } from './PayoutsTab.tsx';
import { $refresh, refreshData } from './refresh.ts';
import { UsersTab } from './UsersTab.tsx';
import type { DialogTab } from './UserDialog.tsx';
import { ActivityTab } from './ActivityTab.tsx';
import { VerificationQueueTab } from './VerificationQueueTab.tsx';
import { ReportsTab } from './ReportsTab.tsx';
import '../../ui/reports/reports.css';
import '../../ui/forms.css';
import '../../ui/dashboard.css';
import './admin.css';

// Downloaded when first opened: most visits never change a setting or open a profile.
const SettingsTab = lazyPart('admin settings', () => import('./SettingsTab.tsx'), 'Loading the settings...');
const UserDialog = lazyDialog<{ userId: number; initialTab?: DialogTab; onClose: () => void }>(
  'user profile',
  () => import('./UserDialog.tsx'),
  () => 'User profile',
  'Loading the profile...',
);

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'Users' },
  { id: 'verification', label: 'Verification' },
  { id: 'reports', label: 'Reports' },
  { id: 'payments', label: 'Payments' },
  { id: 'affiliates', label: 'Affiliates' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'activity', label: 'Activity' },
  { id: 'settings', label: 'Settings' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const TAB_IDS = TABS.map((t) => t.id);

/**
 * The admin dashboard (docs/PRODUCT.md "Administrators"): header with Refresh Data and Logout, the tabs (the first six,
 * and the verification queue and the activity across accounts), and the user profile
 * dialog opened from the Users, Verification, Affiliates and Activity tabs.
 */
export default function AdminConsole({ initialStats }: { initialStats: AdminStats }) {
  const [tab, setTab] = useState<TabId>('overview');
  // The guard's stats, shown by the first Overview without asking again; later visits ask.
  const [seed, setSeed] = useState<AdminStats | undefined>(initialStats);
  const showTab = (next: TabId) => {
    setSeed(undefined);
    setTab(next);
  };
  // As the role dashboards: the tab is in the address (?tab=users) and each tab chosen is a history entry.
  useTabAddress(TAB_IDS, tab, showTab);
  const [openUser, setOpenUser] = useState<{ id: number; tab?: DialogTab } | null>(null);
  const openAccount = (id: number, tab?: DialogTab) => setOpenUser({ id, tab });
  const [leaving, setLeaving] = useState(false);
  const refresh = useStore($refresh);

  async function logout() {
    setLeaving(true);
    await adminSignOut();
    window.location.replace(LOGIN_PATH);
  }

  return (
    <div className="pd admin">
      <header className="dash-head">
        <h1>Admin Dashboard</h1>
        <div className="dash-tools">
          {/* Spec: Refresh Data reloads the page; here it fetches the data again, without the page. */}
          <button
            type="button"
            className="btn btn-line btn-sm auth-button"
            onClick={refreshData}
            disabled={refresh.running}
          >
            {refresh.running ? 'Refreshing...' : 'Refresh Data'}
          </button>
          <button type="button" className="btn btn-sm auth-button" onClick={() => void logout()} disabled={leaving}>
            {leaving ? 'Logging out...' : 'Logout'}
          </button>
        </div>
      </header>
      <p role="status" className="dash-muted admin-refreshed">
        {refresh.failed
          ? 'Some data could not be refreshed: what is shown is from before.'
          : refresh.doneAt
            ? `Data refreshed at ${refresh.doneAt} GMT.`
            : ''}
      </p>
      <Tabs label="Admin sections" idPrefix="admin" tabs={TABS} active={tab} onChange={showTab}>
        {tab === 'overview' ? <OverviewTab seed={seed} /> : null}
        {tab === 'users' ? <UsersTab onOpenUser={openAccount} /> : null}
        {tab === 'verification' ? <VerificationQueueTab onOpenUser={openAccount} /> : null}
        {tab === 'reports' ? <ReportsTab onOpenUser={openAccount} /> : null}
        {tab === 'payments' ? <PaymentsTab /> : null}
        {tab === 'affiliates' ? <AffiliatesTab onOpenUser={openAccount} /> : null}
        {tab === 'payouts' ? <PayoutsTab /> : null}
        {tab === 'activity' ? <ActivityTab onOpenUser={openAccount} /> : null}
        {tab === 'settings' ? <SettingsTab /> : null}
      </Tabs>
      {openUser !== null ? (
        <UserDialog userId={openUser.id} initialTab={openUser.tab} onClose={() => setOpenUser(null)} />
      ) : null}
    </div>
  );
}
