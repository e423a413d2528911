import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { listAdminPayouts, type AdminPayout } from '../../../../contract/admin.ts';
import type { PayoutStatus } from '../../../../contract/affiliates.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { movePayout } from './admin-actions.ts';
import { FIRST_PAGE, listQuery } from './lists.ts';
import type { ListParams } from './lists.ts';
import { ConfirmDialog } from '../../ui/kit.tsx';
import { payoutQuestion } from './confirmations.ts';
import { ActionNote, dateText, ListTable, Loaded, SearchBox, StatusBadge } from './parts.tsx';
import {
  payoutDoneText,
  PAYOUT_ACTION_LABELS,
  PAYOUT_FILTERS,
  PAYOUT_STATUS_LABELS,
  payoutActions,
  takesNote,
} from './payouts.ts';
import type { PayoutAction } from './payouts.ts';
import { useAction } from './useAction.ts';
import { useAdminData } from './useAdminData.ts';

// Status and actions early: on a narrow phone they show without scrolling sideways.
const HEADERS = ['Affiliate', 'Amount', 'Status', 'Actions', 'Requested', 'Pay to', 'Reference', 'Notes'] as const;

/**
 * Approve, complete or reject: the question says how much, to whom and where; reject
 * and complete also take a note kept on the payout. Nothing is sent until confirmed.
 */
function PayoutConfirm({
  payout,
  action,
  onConfirm,
  onClose,
}: {
  payout: AdminPayout;
  action: PayoutAction;
  onConfirm: (notes: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <ConfirmDialog
      {...payoutQuestion(payout, action)}
      onCancel={onClose}
      onConfirm={(fields) => onConfirm(String(fields.get('notes') ?? '').trim())}
    >
      {takesNote(action) ? (
        <div className="auth-field">
          <label htmlFor={id}>Note (optional)</label>
          <textarea id={id} name="notes" maxLength={500} rows={3} className="admin-input" />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * Payouts (docs/PRODUCT.md "Administrators"): status filter and table; transitions, each button only where its move is
 * allowed, each asking first. After any action (done or refused) the list is loaded again from the server.
 */
export function PayoutsTab() {
  const [params, setParams] = useState<ListParams>({ ...FIRST_PAGE, status: 'all' });
  const { load, stale, retry } = useAdminData(listAdminPayouts, { query: listQuery(params) }, 'the payouts');
  const { busy, note, run } = useAction();
  const [asking, setAsking] = useState<{ payout: AdminPayout; action: PayoutAction; opener: HTMLElement } | null>(null);
  const filterId = useId();

  async function act(payout: AdminPayout, action: PayoutAction, opener: HTMLElement, notes?: string) {
    setAsking(null); // the outcome shows (and takes focus) in the tab, above the list
    await run(`${action}-${payout.id}`, () => movePayout(payout.id, action, notes), {
      after: retry,
      focusBack: opener,
      success: () => payoutDoneText(payout, action),
    });
  }

  return (
    <div className="dash-stack">
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
        <SearchBox
          label="Search payouts"
          hint="Affiliate or reference"
          initial={params.search}
          onSearch={(search) => setParams({ ...params, search, page: 1 })}
        />
      </div>
      <ActionNote note={note} takeFocus />
      <Loaded load={load} what="the payouts" onRetry={retry}>
        {(data) => (
          <ListTable
            caption={
              params.status === 'all'
                ? 'Payout requests'
                : `${PAYOUT_STATUS_LABELS[params.status ?? 'pending']} payouts`
            }
            headers={HEADERS}
            page={data}
            rows={data.payouts}
            empty="No payouts with this status."
            stale={stale}
            onPage={(page) => setParams({ ...params, page })}
            row={(payout) => (
              <tr key={payout.id}>
                <th scope="row">{payout.affiliateName}</th>
                <td>{formatCedis(payout.amount, { fixed: true })}</td>
                <td>
                  <StatusBadge status={payout.status} label={PAYOUT_STATUS_LABELS[payout.status]} />
                </td>
                <td>
                  <div className="admin-row-actions">
                    {payoutActions(payout.status).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className={
                          action === 'reject'
                            ? 'btn btn-line btn-sm auth-button admin-danger'
                            : 'btn btn-sm auth-button'
                        }
                        aria-label={`${PAYOUT_ACTION_LABELS[action]} payout ${payout.reference}`}
                        disabled={busy !== null}
                        onClick={(event: MouseEvent<HTMLButtonElement>) =>
                          setAsking({ payout, action, opener: event.currentTarget })
                        }
                      >
                        {busy === `${action}-${payout.id}` ? 'Saving...' : PAYOUT_ACTION_LABELS[action]}
                      </button>
                    ))}
                  </div>
                </td>
                <td>
                  {dateText(payout.requestDate)}
                  {payout.processedDate ? (
                    <span className="dash-muted admin-block">done {dateText(payout.processedDate)}</span>
                  ) : null}
                </td>
                <td>
                  {payout.method}
                  <span className="dash-muted admin-block">{payout.details}</span>
                </td>
                <td className="admin-code">{payout.reference}</td>
                <td>{payout.notes ?? '—'}</td>
              </tr>
            )}
          />
        )}
      </Loaded>
      {asking ? (
        <PayoutConfirm
          payout={asking.payout}
          action={asking.action}
          onConfirm={(notes) => void act(asking.payout, asking.action, asking.opener, notes || undefined)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
