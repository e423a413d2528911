import { useState } from 'react';
import type { MouseEvent } from 'react';
import { listAdminUsers, type AdminUser } from '../../../../contract/admin.ts';
import { sendReminder } from './admin-actions.ts';
import { FIRST_PAGE, listQuery } from './lists.ts';
import type { ListParams } from './lists.ts';
import { ActionNote, dateText, ListTable, Loaded, SearchBox, StatusBadge } from './parts.tsx';
import { useAction } from './useAction.ts';
import { useAdminData } from './useAdminData.ts';
import { useStatusConfirm } from './StatusConfirm.tsx';

export const USER_TYPE_LABELS: Record<AdminUser['type'], string> = {
  customer: 'Customer',
  professional: 'Professional',
  affiliate: 'Affiliate',
};

/** docs/PRODUCT.md "Administrators": suspend an active account, activate any other. */
export const statusToggle = (status: AdminUser['status']) =>
  status === 'active'
    ? ({ next: 'suspended', label: 'Suspend' } as const)
    : ({ next: 'active', label: 'Activate' } as const);

// Status and actions early: on a narrow phone they show without scrolling the table sideways.
/** Subscription states (docs/PRODUCT.md "Subscriptions"): active; expiring with a warning sign; anything else shown as destructive. */
const SUBSCRIPTION_BADGES: Record<
  Exclude<AdminUser['subscriptionStatus'], 'none'>,
  { style: string; label: string }
> = {
  active: { style: 'active', label: 'Active' },
  expiring: { style: 'expiring', label: '⚠ Expiring' },
  grace: { style: 'failed', label: 'In grace period' },
  expired: { style: 'failed', label: 'Expired' },
};

const HEADERS = ['Name', 'Status', 'Actions', 'Contact', 'Type', 'Subscription', 'Joined'] as const;

/** Users (docs/PRODUCT.md "Administrators"): server-side search by name, email or phone, the table, row actions (Suspend and Activate ask first). */
export function UsersTab({ onOpenUser }: { onOpenUser: (id: number) => void }) {
  const [params, setParams] = useState<ListParams>(FIRST_PAGE);
  const { load, stale, retry } = useAdminData(listAdminUsers, { query: listQuery(params) }, 'the users');
  const { busy, note, run } = useAction();
  const status = useStatusConfirm(run, retry);

  /** `name`: what a screen reader hears (it starts with the visible label). */
  function actionButton(
    user: AdminUser,
    key: string,
    label: string,
    name: string,
    working: string,
    onClick: (event: MouseEvent<HTMLButtonElement>) => void,
  ) {
    return (
      <button
        type="button"
        className="btn btn-line btn-sm auth-button"
        aria-label={name}
        disabled={busy !== null}
        onClick={onClick}
      >
        {busy === `${key}-${user.id}` ? working : label}
      </button>
    );
  }

  return (
    <div className="dash-stack">
      <SearchBox
        label="Search users"
        hint="Name, email or phone"
        initial={params.search}
        onSearch={(search) => setParams({ search, page: 1 })}
      />
      <ActionNote note={note} />
      <Loaded load={load} what="the users" onRetry={retry}>
        {(data) => (
          <ListTable
            caption={params.search ? `Users matching "${params.search}"` : 'Customers and professionals'}
            headers={HEADERS}
            page={data}
            rows={data.users}
            empty="No users match this search."
            stale={stale}
            onPage={(page) => setParams({ ...params, page })}
            row={(user) => {
              const toggle = statusToggle(user.status);
              return (
                <tr key={user.id}>
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => onOpenUser(user.id)}>
                      {user.name}
                    </button>
                  </th>
                  <td>
                    <StatusBadge status={user.status} />
                  </td>
                  <td>
                    <div className="admin-row-actions">
                      {actionButton(
                        user,
                        'status',
                        toggle.label,
                        `${toggle.label} ${user.name}`,
                        'Saving...',
                        status.ask(user, toggle.next),
                      )}
                      {actionButton(
                        user,
                        'remind',
                        'Send Reminder',
                        `Send Reminder to ${user.name}`,
                        'Sending...',
                        () => void run(`remind-${user.id}`, () => sendReminder(user.id), { after: retry }),
                      )}
                    </div>
                  </td>
                  <td>
                    {user.email}
                    <br />
                    {user.phone}
                  </td>
                  <td>{USER_TYPE_LABELS[user.type]}</td>
                  <td>
                    {user.subscription}
                    {user.subscriptionExpiry ? (
                      <span className="dash-muted admin-block">until {dateText(user.subscriptionExpiry)}</span>
                    ) : null}
                    {user.subscriptionStatus === 'none' ? null : (
                      <StatusBadge
                        status={SUBSCRIPTION_BADGES[user.subscriptionStatus].style}
                        label={SUBSCRIPTION_BADGES[user.subscriptionStatus].label}
                      />
                    )}
                  </td>
                  <td>{dateText(user.joinDate)}</td>
                </tr>
              );
            }}
          />
        )}
      </Loaded>
      {status.dialog}
    </div>
  );
}
