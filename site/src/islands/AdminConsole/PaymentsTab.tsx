import { useState } from 'react';
import { listAdminPayments } from '../../../../contract/admin.ts';
import { formatCedis } from '../../../../contract/money.ts';
import { FIRST_PAGE, listQuery } from './lists.ts';
import { monthsCell, startedViaCell } from './payment-cells.ts';
import type { ListParams } from './lists.ts';
import { dateText, ListTable, Loaded, SearchBox, StatusBadge } from './parts.tsx';
import { useAdminData } from './useAdminData.ts';

const HEADERS = ['Date', 'User', 'Type', 'Amount', 'Months', 'Status', 'Method', 'Started via', 'Reference'] as const;

/** Payments (docs/PRODUCT.md "Administrators"): a read-only table of subscription payments (with the months bought and how each was started) and commission entries. */
export function PaymentsTab() {
  const [params, setParams] = useState<ListParams>(FIRST_PAGE);
  const { load, stale, retry } = useAdminData(listAdminPayments, { query: listQuery(params) }, 'the payments');
  return (
    <div className="dash-stack">
      <SearchBox
        label="Search payments"
        hint="Name, email, phone or reference"
        initial={params.search}
        onSearch={(search) => setParams({ search, page: 1 })}
      />
      <Loaded load={load} what="the payments" onRetry={retry}>
        {(data) => (
          <ListTable
            caption={params.search ? `Payments matching "${params.search}"` : 'Payments, newest first'}
            headers={HEADERS}
            page={data}
            rows={data.payments}
            empty="No payments to show."
            stale={stale}
            onPage={(page) => setParams({ ...params, page })}
            row={(payment) => (
              <tr key={payment.id}>
                <td>{dateText(payment.date)}</td>
                <th scope="row">{payment.userName}</th>
                <td>{payment.type === 'subscription' ? 'Subscription' : 'Commission'}</td>
                <td>{formatCedis(payment.amount, { fixed: true })}</td>
                <td>{monthsCell(payment)}</td>
                <td>
                  <StatusBadge status={payment.status} />
                </td>
                <td>{payment.method}</td>
                <td>{startedViaCell(payment)}</td>
                <td className="admin-code">{payment.reference ?? '—'}</td>
              </tr>
            )}
          />
        )}
      </Loaded>
    </div>
  );
}
