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

/** The query of a list (`{ search, page, pageSize, status }`): an empty search and status "all" are left out. */
export function listQuery(
  params: ListParams,
  pageSize = ADMIN_PAGE_SIZE,
): { search?: string; page: number; pageSize: number; status?: PayoutStatus } {
  const search = params.search.trim();
  return {
    ...(search ? { search } : {}),
    page: params.page,
    pageSize,
    ...(params.status && params.status !== 'all' ? { status: params.status } : {}),
  };
}

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** "Showing 26–50 of 73" (or "No results"), for the list's status line. */
export function rangeLabel(total: number, page: number, pageSize: number): string {
  if (total === 0) return 'No results';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${first}–${last} of ${total}`;
}
