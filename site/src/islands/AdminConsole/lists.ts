import { ADMIN_PAGE_SIZE } from '../../../../contract/admin.ts';
import type { PayoutStatus } from '../../../../contract/affiliates.ts';

/** What a server-paginated admin list is asked for (docs/PRODUCT.md "Administrators"). */
export interface ListParams {
  search: string;
  page: number;
  /** Payouts only: one status, or every status. */
  status?: PayoutStatus | 'all';
}

export const FIRST_PAGE: ListParams = { search: '', page: 1 };

/** `/api/admin/users?search=…&page=2&pageSize=25`: empty search and status "all" are left out. */
export function listPath(endpoint: string, params: ListParams, pageSize = ADMIN_PAGE_SIZE): string {
  const query = new URLSearchParams();
  const search = params.search.trim();
  if (search) query.set('search', search);
  query.set('page', String(params.page));
  query.set('pageSize', String(pageSize));
  if (params.status && params.status !== 'all') query.set('status', params.status);
  return `${endpoint}?${query.toString()}`;
}

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** "Showing 26–50 of 73" (or "No results"), for the list's status line. */
export function rangeLabel(total: number, page: number, pageSize: number): string {
  if (total === 0) return 'No results';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${first}–${last} of ${total}`;
}
