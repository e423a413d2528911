import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { dashboardPath } from '../../../../contract/account-types.ts';
import type { UserType } from '../../../../contract/account-types.ts';
import type { DashboardViewProps } from '../../ui/DashboardParts.tsx';
import { TYPE_LABELS } from '../../lib/signin-flash.ts';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { SignInNotice, SignedInAs, signOutAndLeave } from '../../ui/DashboardParts.tsx';
import { LocationIndicator } from '../LocationIndicator.tsx';
import type { RoleViewProps, RoleTab } from './tabs.ts';
import { ROLE_TABS } from './tabs.ts';
import '../../ui/wizard.css';
import '../../ui/forms.css';
import '../../ui/dashboard.css';
import { useTabAddress } from '../../ui/useTabAddress.ts';

// Each role's part downloads only for accounts of that role.
const LOADING_DASHBOARD = 'Loading your dashboard...';
const VIEWS: Record<UserType, ReturnType<typeof lazyPart<RoleViewProps>>> = {
  professional: lazyPart('dashboard', () => import('./ProfessionalView.tsx'), LOADING_DASHBOARD),
  customer: lazyPart('dashboard', () => import('./CustomerView.tsx'), LOADING_DASHBOARD),
  affiliate: lazyPart('dashboard', () => import('./AffiliateView.tsx'), LOADING_DASHBOARD),
};

/**
 * The account menu (docs/PRODUCT.md "Dashboards": Profile, Earnings, Sign out): a disclosure button and a list of
 * buttons; Escape closes it and returns focus to the button.
 */
function ProfileMenu({ tabs, onPick }: { tabs: readonly RoleTab[]; onPick: (tab: RoleTab) => void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const pick = (tab: RoleTab) => {
    setOpen(false);
    onPick(tab);
  };
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  }
  return (
    <div className="dash-menu" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="btn btn-line action-button"
        aria-expanded={open}
        aria-controls="gd-menu"
        onClick={() => setOpen((o) => !o)}
      >
        Account
      </button>
      {open ? (
        <ul id="gd-menu" className="dash-menu-list" role="list">
          <li>
            <button type="button" onClick={() => pick('profile')}>
              Profile
            </button>
          </li>
          {tabs.includes('earnings') ? (
            <li>
              <button type="button" onClick={() => pick('earnings')}>
                Earnings
              </button>
            </li>
          ) : null}
          <li>
            <button type="button" onClick={() => void signOutAndLeave()}>
              Sign out
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/**
 * /dashboard (docs/PRODUCT.md "Dashboards") for any signed-in account, on real data. The
 * role switcher offers only the roles the account has (its own type); `?type=` naming another role
 * is replaced by the account's own.
 */
export default function GeneralDashboard({ title, user }: DashboardViewProps) {
  const role = user.userType;
  const tabs = ROLE_TABS[role];
  const [tab, setTab] = useState<RoleTab>('overview');
  // In the address: a link may open a tab (?tab=analytics from the role dashboards' menus).
  useTabAddress(tabs, tab, setTab);
  const View = VIEWS[role];

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const asked = params.get('type');
    if (asked !== null && asked !== role) {
      params.set('type', role);
      window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params}`);
    }
  }, [role]);

  return (
    <div className="dash">
      <div className="dash-head">
        <h1>{title}</h1>
        <div className="dash-tools">
          <label className="dash-tools">
            <span>View as</span>
            <select value={role} onChange={() => undefined} aria-describedby="gd-role-hint">
              <option value={role}>{TYPE_LABELS[role]}</option>
            </select>
          </label>
          <ProfileMenu tabs={tabs} onPick={setTab} />
        </div>
      </div>
      <p id="gd-role-hint" className="sr-only">
        Only the roles your account has are offered.
      </p>
      <SignedInAs user={user} />
      <LocationIndicator />
      <SignInNotice />
      <p>
        <a href={dashboardPath(role)}>Go to your full dashboard</a>
      </p>
      <View user={user} tab={tabs.includes(tab) ? tab : 'overview'} onTab={setTab} tabs={tabs} />
    </div>
  );
}
