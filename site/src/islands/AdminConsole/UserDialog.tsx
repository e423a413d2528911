import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ADMIN_MESSAGES, type AdminUser, type AdminUserDetail, getAdminUser } from '../../../../contract/admin.ts';
import { VERIFICATION_STATUS_LABELS } from '../../../../contract/verification.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { showToast } from '../../stores/toast.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { DataList } from '../../ui/DataList.tsx';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { ActivityLine } from './ActivityLine.tsx';
import { deleteUser } from './admin-actions.ts';
import { DELETE_FAILURE, failureText } from './failures.ts';
import { Modal } from '../../ui/Modal.tsx';
import { ActionNote, DataTable, dateText, Loaded, StatusBadge } from './parts.tsx';
import { monthsCell, startedViaCell } from './payment-cells.ts';
import { ProfileEditor } from './ProfileEditor.tsx';
import { refreshData } from './refresh.ts';
import { useAction } from './useAction.ts';
import type { Note } from './useAction.ts';
import { useAdminData } from './useAdminData.ts';
import { USER_TYPE_LABELS } from './UsersTab.tsx';
import { UserPhotos } from './UserPhotos.tsx';

// Its own download: only professionals' dialogs show it.
const VerificationTab = lazyPart<{ professionalId: number }>(
  'verification',
  () => import('./VerificationTab.tsx'),
  'Loading documents...',
);

export type DialogTab = 'profile' | 'payments' | 'activity' | 'verification';

function ProfileView({ user }: { user: AdminUser }) {
  const rows: [string, ReactNode][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Phone', user.phone],
    ['Type', USER_TYPE_LABELS[user.type]],
    ['Status', <StatusBadge key="status" status={user.status} />],
    ['Joined', dateText(user.joinDate)],
    ['Last active', dateText(user.lastActive)],
    ['Subscription', user.subscription],
    ['Paid until', dateText(user.subscriptionExpiry)],
    ['Renewal', user.renewalCancelled ? 'Cancelled by the user (no reminders)' : 'Reminders on'],
    ['Location', user.location ?? '—'],
  ];
  if (user.type === 'professional') {
    rows.push(
      ['Profession', user.profession ?? '—'],
      ['Jobs completed', String(user.jobsCompleted)],
      ['Rating', user.rating === null ? 'No reviews yet' : user.rating.toFixed(1)],
      ['Earnings', formatCedis(user.totalEarnings, { fixed: true })],
      ['Verification', user.verificationStatus ? VERIFICATION_STATUS_LABELS[user.verificationStatus] : '—'],
    );
  }
  rows.push(['Description', user.description || '—']);
  return <DataList rows={rows} />;
}

function PaymentsList({ detail }: { detail: AdminUserDetail }) {
  return (
    <DataTable
      caption={`Payments of ${detail.user.name}`}
      headers={['Date', 'Type', 'Amount', 'Months', 'Status', 'Method', 'Started via']}
      rows={detail.payments}
      empty="No payments for this account."
      row={(p) => (
        <tr key={p.id}>
          <th scope="row">{dateText(p.date)}</th>
          <td>{p.type === 'subscription' ? 'Subscription' : 'Commission'}</td>
          <td>{formatCedis(p.amount, { fixed: true })}</td>
          <td>{monthsCell(p)}</td>
          <td>
            <StatusBadge status={p.status} />
          </td>
          <td>{p.method}</td>
          <td>{startedViaCell(p)}</td>
        </tr>
      )}
    />
  );
}

/** The audit log on this account, newest first, each entry a sentence. */
function ActivityList({ detail }: { detail: AdminUserDetail }) {
  if (detail.activity.length === 0) return <p className="dash-empty">{ADMIN_MESSAGES.activityEmpty}</p>;
  return (
    <ol className="admin-activity" aria-label={`Administrator actions on ${detail.user.name}`}>
      {detail.activity.map((entry) => (
        <li key={entry.id}>
          <ActivityLine entry={entry} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The Profile tab: the facts and Edit / Delete, or the edit form. Leaving the form puts focus back
 * on Edit (a save moves it to the dialog's outcome note instead).
 */
function ProfilePanel({
  user,
  detail,
  editing,
  onEdit,
  onSaved,
  onDelete,
}: {
  user: AdminUser;
  detail: AdminUserDetail;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onSaved: (message: string) => void;
  onDelete: () => void;
}) {
  const editButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (!editing && cancelled.current) editButton.current?.focus();
    cancelled.current = false;
  }, [editing]);
  if (editing) {
    return (
      <ProfileEditor
        user={user}
        onCancel={() => {
          cancelled.current = true;
          onEdit(false);
        }}
        onSaved={(_, message) => onSaved(message)}
      />
    );
  }
  return (
    <div className="dash-stack">
      <ProfileView user={user} />
      <UserPhotos detail={detail} />
      {user.type === 'affiliate' ? (
        <p className="dash-muted">
          Affiliate accounts keep their own details; suspend or activate them from the Affiliates tab.
        </p>
      ) : null}
      <div className="dash-tools">
        {user.type !== 'affiliate' ? (
          <button ref={editButton} type="button" className="btn auth-button" onClick={() => onEdit(true)}>
            Edit
          </button>
        ) : null}
        <button type="button" className="btn btn-line auth-button admin-danger" onClick={onDelete}>
          Delete
        </button>
      </div>
    </div>
  );
}

/** Asks before deleting, saying what deletion does; the server's message is shown after. */
function DeleteConfirm({
  user,
  onDeleted,
  onClose,
}: {
  user: AdminUser;
  onDeleted: (message: string) => void;
  onClose: () => void;
}) {
  const { busy, note, run } = useAction();
  async function confirm() {
    const answer = await run('delete', () => deleteUser(user.id), {
      success: () => null,
      failure: (error) => failureText(error, DELETE_FAILURE),
    });
    if (answer) onDeleted(answer.message);
  }
  return (
    <Modal title={`Delete ${user.name}?`} onClose={onClose} alert>
      <p>
        Deleting removes this account's personal data: name, email, phone, descriptions and messages, and it ends every
        session. Payments, subscriptions and commission records stay, anonymised, for the books. This cannot be undone.
      </p>
      <ActionNote note={note} />
      <div className="dash-tools">
        <button
          type="button"
          className="btn auth-button danger-button"
          onClick={() => void confirm()}
          disabled={busy !== null}
        >
          {busy ? 'Deleting...' : 'Delete account'}
        </button>
        <button type="button" className="btn btn-line auth-button" onClick={onClose} disabled={busy !== null}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/**
 * The user profile dialog (docs/PRODUCT.md "Administrators"): view or edit, tabs Profile, Payments, Activity, and
 * Verification for professionals; delete behind a confirmation. Changes reload everything shown
 * (the lists behind the dialog too), so what is on screen is what the server has.
 */
export default function UserDialog({
  userId,
  initialTab = 'profile',
  onClose,
}: {
  userId: number;
  initialTab?: DialogTab;
  onClose: () => void;
}) {
  const { load, retry } = useAdminData(getAdminUser, { params: { id: userId } }, 'this account');
  const [tab, setTab] = useState<DialogTab>(initialTab);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const title = load.state === 'loaded' ? load.data.user.name : 'User profile';

  return (
    <Modal title={title} onClose={onClose} wide>
      <Loaded load={load} what="this account" onRetry={retry}>
        {(detail) => {
          const { user } = detail;
          const tabs = [
            { id: 'profile', label: 'Profile' },
            { id: 'payments', label: 'Payments' },
            { id: 'activity', label: 'Activity' },
            ...(user.type === 'professional' ? [{ id: 'verification', label: 'Verification' }] : []),
          ] as { id: DialogTab; label: string }[];
          // Opened on Verification from the queue: only a professional has that tab.
          const active = tabs.some((t) => t.id === tab) ? tab : 'profile';
          return (
            <>
              <ActionNote note={note} takeFocus />
              <Tabs label="Account details" idPrefix="admin-user" tabs={tabs} active={active} onChange={setTab}>
                {active === 'profile' ? (
                  <ProfilePanel
                    user={user}
                    detail={detail}
                    editing={editing}
                    onEdit={(on) => {
                      setNote(null);
                      setEditing(on);
                    }}
                    onSaved={(message) => {
                      setEditing(false);
                      setNote({ ok: true, text: message });
                      refreshData();
                    }}
                    onDelete={() => setConfirming(true)}
                  />
                ) : null}
                {active === 'payments' ? <PaymentsList detail={detail} /> : null}
                {active === 'activity' ? <ActivityList detail={detail} /> : null}
                {active === 'verification' ? <VerificationTab professionalId={user.id} /> : null}
              </Tabs>
              {confirming ? (
                <DeleteConfirm
                  user={user}
                  onClose={() => setConfirming(false)}
                  onDeleted={(message) => {
                    showToast({ title: 'Account deleted', description: message, variant: 'success' });
                    refreshData();
                    onClose();
                  }}
                />
              ) : null}
            </>
          );
        }}
      </Loaded>
    </Modal>
  );
}
