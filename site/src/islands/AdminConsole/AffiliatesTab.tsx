import { useState } from 'react';
import { listAdminAffiliates } from '../../../../contract/admin.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { FIRST_PAGE, listQuery } from './lists.ts';
import type { ListParams } from './lists.ts';
import { ActionNote, dateText, ListTable, Loaded, SearchBox, StatusBadge } from './parts.tsx';
import { useAction } from './useAction.ts';
import { useAdminData } from './useAdminData.ts';
import { useStatusConfirm } from './StatusConfirm.tsx';
import { statusToggle } from './UsersTab.tsx';

// Status, balance and actions early: on a narrow phone they show without scrolling sideways.
const HEADERS = [
  'Name',
  'Status',
  'Owed',
  'Actions',
  'Contact',
  'Referrer code',
  'Referrals',
  'Earned',
  'Payout to',
] as const;
const METHOD_LABELS = { 'mobile-money': 'Mobile Money', 'bank-account': 'Bank account' } as const;

/**
 * Affiliates (docs/PRODUCT.md "Administrators"): search by name, email or referrer code and the table. Each row
 * button does something real: open the account, suspend or activate.
 */
export function AffiliatesTab({ onOpenUser }: { onOpenUser: (id: number) => void }) {
  const [params, setParams] = useState<ListParams>(FIRST_PAGE);
  const { load, stale, retry } = useAdminData(listAdminAffiliates, { query: listQuery(params) }, 'the affiliates');
  const { busy, note, run } = useAction();
  const status = useStatusConfirm(run, retry);
  return (
    <div className="dash-stack">
      <SearchBox
        label="Search affiliates"
        hint="Name, email or referrer code"
        initial={params.search}
        onSearch={(search) => setParams({ search, page: 1 })}
      />
      <ActionNote note={note} />
      <Loaded load={load} what="the affiliates" onRetry={retry}>
        {(data) => (
          <ListTable
            caption={params.search ? `Affiliates matching "${params.search}"` : 'Affiliates'}
            headers={HEADERS}
            page={data}
            rows={data.affiliates}
            empty="No affiliates match this search."
            stale={stale}
            onPage={(page) => setParams({ ...params, page })}
            row={(affiliate) => {
              const toggle = statusToggle(affiliate.status);
              const key = `status-${affiliate.id}`;
              return (
                <tr key={affiliate.id}>
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => onOpenUser(affiliate.id)}>
                      {affiliate.name}
                    </button>
                    <span className="dash-muted admin-block">since {dateText(affiliate.joinDate)}</span>
                  </th>
                  <td>
                    <StatusBadge status={affiliate.status} />
                  </td>
                  <td>{formatCedis(affiliate.pendingPayout, { fixed: true })}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-line btn-sm auth-button"
                      aria-label={`${toggle.label} ${affiliate.name}`}
                      disabled={busy !== null}
                      onClick={status.ask({ ...affiliate, type: 'affiliate' }, toggle.next)}
                    >
                      {busy === key ? 'Saving...' : toggle.label}
                    </button>
                  </td>
                  <td>
                    {affiliate.email}
                    <br />
                    {affiliate.phone}
                  </td>
                  <td className="admin-code">{affiliate.referrerCode}</td>
                  <td>{affiliate.totalReferrals}</td>
                  <td>{formatCedis(affiliate.totalEarnings, { fixed: true })}</td>
                  <td>
                    {METHOD_LABELS[affiliate.payoutMethod]}
                    <span className="dash-muted admin-block">{affiliate.payoutDetails}</span>
                  </td>
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
