import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { dateTimeLabel, shortDate } from '../../../../contract/dates.ts';
import { pageCount, rangeLabel } from './lists.ts';
import type { Load } from '../../lib/load.ts';
import { LoadFailed, ScrollTable } from '../../ui/kit.tsx';

/** Loading, failed, or the content drawn from the data. */
export function Loaded<T>({
  load,
  what,
  onRetry,
  children,
}: {
  load: Load<T>;
  what: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (load.state === 'loading') {
    return (
      <p className="dash-muted" role="status">
        Loading {what}...
      </p>
    );
  }
  if (load.state === 'failed') return <LoadFailed message={load.message} onRetry={onRetry} look="admin" />;
  return <>{children(load.data)}</>;
}

/** A search form: searching happens on the server, on submit (one request, not one per key on 3G). */
export function SearchBox({
  label,
  hint,
  initial,
  onSearch,
}: {
  label: string;
  hint: string;
  initial: string;
  onSearch: (text: string) => void;
}) {
  const id = useId();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('search') ?? ''));
  }
  return (
    <form role="search" className="admin-search" onSubmit={onSubmit} aria-label={label}>
      <label htmlFor={id}>{label}</label>
      <div className="auth-password">
        <input id={id} name="search" type="search" defaultValue={initial} placeholder={hint} maxLength={100} />
        <button type="submit" className="btn btn-sm auth-button">
          Search
        </button>
      </div>
    </form>
  );
}

/** Previous / next page of a server-paginated list, with where we are. */
export function Pager({
  total,
  page,
  pageSize,
  label,
  empty,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  label: string;
  /** Said instead of "No results" when nothing matches ("No users match this search."). */
  empty?: string;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav className="admin-pager" aria-label={`${label} pages`}>
      <p role="status">
        {total === 0 && empty ? empty : rangeLabel(total, page, pageSize)}
        {pages > 1 ? ` (page ${page} of ${pages})` : ''}
      </p>
      {pages > 1 ? (
        <div className="dash-tools">
          <button
            type="button"
            className="btn btn-line btn-sm auth-button"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous page
          </button>
          <button
            type="button"
            className="btn btn-line btn-sm auth-button"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next page
          </button>
        </div>
      ) : null}
    </nav>
  );
}

/** A status word with its colour: the word carries the meaning, the colour only helps. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span className={`dash-status admin-status is-${status}`}>
      {label ?? status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}

/**
 * The outcome of the last action: role=status for success, role=alert for failure. `takeFocus`:
 * where the action's button goes away with the change (a payout leaves its filter, Approve gives
 * way to Complete), focus moves to the outcome instead of being lost.
 */
export function ActionNote({ note, takeFocus }: { note: { ok: boolean; text: string } | null; takeFocus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus && note) ref.current?.focus();
  }, [note, takeFocus]);
  if (!note) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className={note.ok ? 'admin-note' : 'admin-note is-error'}
      role={note.ok ? 'status' : 'alert'}
    >
      {note.text}
    </p>
  );
}

export const dateText = (iso: string | null): string => (iso ? shortDate(new Date(iso)) : '—');

export const dateTimeText = (iso: string): string => dateTimeLabel(new Date(iso));

/**
 * Rows as a table with a caption and column headers, the empty text in place of rows. On a wide
 * screen it is a table in a box that scrolls sideways if it must (a labelled region in the tab
 * order, so a keyboard can scroll it too); on a phone each row is a card of "column: value" lines
 * (admin.css). `busy`: new rows are on their way (the old ones stay).
 */
export function DataTable<T>({
  caption,
  headers,
  rows,
  empty,
  busy,
  row,
}: {
  caption: string;
  headers: readonly string[];
  rows: readonly T[];
  /** Said in place of rows when there are none ("" for nothing: a status line under the table says it). */
  empty: string;
  busy?: boolean;
  row: (item: T) => ReactNode;
}) {
  return (
    <ScrollTable caption={caption} busy={busy} tableClassName="admin-table" cardsOnPhone>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          empty ? (
            <tr>
              <td colSpan={headers.length}>{empty}</td>
            </tr>
          ) : null
        ) : (
          rows.map(row)
        )}
      </tbody>
    </ScrollTable>
  );
}

/** A server page of rows: the table and the pager under it. */
export function ListTable<T>({
  page,
  stale,
  onPage,
  ...table
}: {
  caption: string;
  headers: readonly string[];
  page: { total: number; page: number; pageSize: number };
  rows: readonly T[];
  empty: string;
  stale: boolean;
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  return (
    <>
      {/* An empty list says so once, in the status line under the table (not "No results" as well). */}
      <DataTable {...table} empty="" busy={stale} />
      <Pager
        total={page.total}
        page={page.page}
        pageSize={page.pageSize}
        label={table.caption}
        empty={table.empty}
        onPage={onPage}
      />
    </>
  );
}
