import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminPayout, AdminPayoutsResponse } from '../../../../contract/admin.ts';
import type { PayoutStatus } from '../../../../contract/affiliates.ts';
import { cedis } from '../../components/money.ts';
import { movePayout } from './admin-actions.ts';
import { FIRST_PAGE, listPath } from './lists.ts';
import type { ListParams } from './lists.ts';
import { Modal } from './Modal.tsx';
import { ActionNote, dateText, ListTable, Loaded, SearchBox, StatusBadge } from './parts.tsx';
import { PAYOUT_ACTION_DONE, PAYOUT_ACTION_LABELS, PAYOUT_FILTERS, PAYOUT_STATUS_LABELS, payoutActions, takesNote } from './payouts.ts';
import type { PayoutAction } from './payouts.ts';
import { useAction } from './useAction.ts';
import { useAdminData } from './useAdminData.ts';

// Status and actions early: on a narrow phone they show without scrolling sideways.
const HEADERS = ['Affiliate', 'Amount', 'Status', 'Actions', 'Requested', 'Pay to', 'Reference', 'Notes'] as const;

/** Reject or complete: what it does, and an optional note kept on the payout. */
function NoteDialog({ payout, action, onConfirm, onClose }: { payout: AdminPayout; action: PayoutAction; onConfirm: (notes: string) => void; onClose: () => void }) {
  const id = useId();
  const label = PAYOUT_ACTION_LABELS[action];
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(String(new FormData(event.currentTarget).get('notes') ?? '').trim());
  }
  return (
    <Modal title={`${label} payout ${payout.reference}`} onClose={onClose}>
      <form className="pd-stack" onSubmit={onSubmit}>
        <p>
          {action === 'reject'
            ? `${cedis(payout.amount, true)} for ${payout.affiliateName} will not be paid; the amount returns to their balance.`
            : `Confirm that ${cedis(payout.amount, true)} has reached ${payout.affiliateName} (${payout.method}, ${payout.details}).`}
        </p>
        <div className="auth-field">
          <label htmlFor={id}>Note (optional)</label>
          <textarea id={id} name="notes" maxLength={500} rows={3} className="admin-input" />
        </div>
        <div className="pd-tools">
          <button type="submit" className="btn auth-button">
            {`${label} payout`}
          </button>
          <button type="button" className="btn btn-line auth-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Spec 001 §2 Payouts: status filter and table; §4 transitions, each button only where its move is
 * allowed. After any action (done or refused) the list is loaded again from the server.
 */
export function PayoutsTab() {
  const [params, setParams] = useState<ListParams>({ ...FIRST_PAGE, status: 'all' });
  const { load, stale, retry } = useAdminData<AdminPayoutsResponse>(listPath('/api/admin/payouts', params), 'the payouts');
  const { busy, note, run } = useAction();
  const [asking, setAsking] = useState<{ payout: AdminPayout; action: PayoutAction } | null>(null);
  const filterId = useId();

  async function act(payout: AdminPayout, action: PayoutAction, notes?: string) {
    setAsking(null); // the outcome shows (and takes focus) in the tab, above the list
    await run(`${action}-${payout.id}`, () => movePayout(payout.id, action, notes), {
      after: retry,
      success: () => `Payout ${payout.reference} ${PAYOUT_ACTION_DONE[action]}.`,
    });
  }

  return (
    <div className="pd-stack">
      <div className="admin-filters">
        <div className="auth-field">
          <label htmlFor={filterId}>Status</label>
          <select
            id={filterId}
            className="admin-input"
            value={params.status}
            onChange={(e) => setParams({ ...params, page: 1, status: e.currentTarget.value as PayoutStatus | 'all' })}
          >
            {PAYOUT_FILTERS.map((status) => (
              <option key={status} value={status}>
                {status === 'all' ? 'All statuses' : PAYOUT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <SearchBox label="Search payouts" hint="Affiliate or reference" initial={params.search} onSearch={(search) => setParams({ ...params, search, page: 1 })} />
      </div>
      <ActionNote note={note} takeFocus />
      <Loaded load={load} what="the payouts" onRetry={retry}>
        {(data) => (
          <ListTable
            caption={params.status === 'all' ? 'Payout requests' : `${PAYOUT_STATUS_LABELS[params.status ?? 'pending']} payouts`}
            headers={HEADERS}
            page={data}
            rows={data.payouts}
            empty="No payouts with this status."
            stale={stale}
            onPage={(page) => setParams({ ...params, page })}
            row={(payout) => (
              <tr key={payout.id}>
                <th scope="row">{payout.affiliateName}</th>
                <td>{cedis(payout.amount, true)}</td>
                <td>
                  <StatusBadge status={payout.status} label={PAYOUT_STATUS_LABELS[payout.status]} />
                </td>
                <td>
                  <div className="admin-row-actions">
                    {payoutActions(payout.status).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className={action === 'reject' ? 'btn btn-line btn-sm auth-button admin-danger' : 'btn btn-sm auth-button'}
                        aria-label={`${PAYOUT_ACTION_LABELS[action]} payout ${payout.reference}`}
                        disabled={busy !== null}
                        onClick={() => (takesNote(action) ? setAsking({ payout, action }) : void act(payout, action))}
                      >
                        {busy === `${action}-${payout.id}` ? 'Saving...' : PAYOUT_ACTION_LABELS[action]}
                      </button>
                    ))}
                  </div>
                </td>
                <td>
                  {dateText(payout.requestDate)}
                  {payout.processedDate ? <span className="pd-muted admin-block">done {dateText(payout.processedDate)}</span> : null}
                </td>
                <td>
                  {payout.method}
                  <span className="pd-muted admin-block">{payout.details}</span>
                </td>
                <td className="admin-code">{payout.reference}</td>
                <td>{payout.notes ?? '—'}</td>
              </tr>
            )}
          />
        )}
      </Loaded>
      {asking ? (
        <NoteDialog
          payout={asking.payout}
          action={asking.action}
          onConfirm={(notes) => void act(asking.payout, asking.action, notes || undefined)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
