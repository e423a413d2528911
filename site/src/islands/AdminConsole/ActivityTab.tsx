import { useEffect, useId, useRef, useState } from 'react';
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_PAGE_SIZE,
  ADMIN_ACTIONS,
  type AdminAction,
  type AdminActivityEntry,
  type AdminActivityResponse,
  listAdminActivity,
} from '../../../../contract/admin.ts';
import { withRetry } from '../../lib/api.ts';
import { adminCall } from '../../stores/admin-session.ts';
import { ACTION_NAMES, collapseRereads, isAdminAction } from './activity.ts';
import { ActivityLine } from './ActivityLine.tsx';
import { loadFailureText } from './failures.ts';
import { ActionNote, Loaded } from './parts.tsx';
import { useAction } from './useAction.ts';
import { useAdminData } from './useAdminData.ts';
import { countOf } from '../../../../contract/counts.ts';

/** The activity query: one page, one kind of action if chosen, after `cursor` for Show more. */
const activityQuery = (action: AdminAction | '', cursor?: string) => ({
  limit: ACTIVITY_PAGE_SIZE,
  ...(action ? { action } : {}),
  ...(cursor ? { cursor } : {}),
});

/** Older pages fetched with Show more, for the first page they continue (a reload starts again). */
interface More {
  first: AdminActivityResponse;
  entries: AdminActivityEntry[];
  cursor: string | null;
}

/**
 * Every administrator action across all accounts, newest first, as sentences naming the account,
 * one kind of action if chosen. Show more continues after the last entry shown (the
 * server's cursor), so actions taken meanwhile never repeat an entry; Refresh Data starts again.
 */
export function ActivityTab({ onOpenUser }: { onOpenUser: (id: number) => void }) {
  const [action, setAction] = useState<AdminAction | ''>('');
  const { load, stale, retry } = useAdminData(listAdminActivity, { query: activityQuery(action) }, 'the activity');
  const [more, setMore] = useState<More | null>(null);
  const { busy, note, run } = useAction();
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const firstNew = useRef<HTMLLIElement>(null);
  const filterId = useId();

  useEffect(() => {
    if (focusFrom !== null) firstNew.current?.focus();
  }, [focusFrom]);

  async function showMore(first: AdminActivityResponse, shown: number, cursor: string) {
    const answer = await run(
      'more',
      () => withRetry(() => adminCall(listAdminActivity, { query: activityQuery(action, cursor) })),
      {
        success: () => null,
        failure: (error) => loadFailureText('more activity', error),
      },
    );
    if (!answer) return;
    setMore((current) => ({
      first,
      entries: [...(current?.first === first ? current.entries : []), ...answer.entries],
      cursor: answer.nextCursor,
    }));
    // The new entries are read from the first of them (Show more may be gone: nothing older).
    setFocusFrom(shown);
  }

  return (
    <div className="dash-stack">
      <div className="admin-filters">
        <div className="auth-field">
          <label htmlFor={filterId}>Kind of action</label>
          <select
            id={filterId}
            className="admin-input"
            value={action}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setAction(isAdminAction(value) ? value : '');
              setFocusFrom(null);
            }}
          >
            <option value="">All actions</option>
            {ADMIN_ACTIONS.map((code) => (
              <option key={code} value={code}>
                {ACTION_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Loaded load={load} what="the activity" onRetry={retry}>
        {(first) => {
          const extra = more?.first === first ? more : null;
          const entries = [...first.entries, ...(extra?.entries ?? [])];
          const cursor = extra ? extra.cursor : first.nextCursor;
          if (entries.length === 0) {
            return (
              <p className="dash-empty" role="status">
                {action ? ACTIVITY_MESSAGES.emptyFiltered : ACTIVITY_MESSAGES.empty}
              </p>
            );
          }
          const lines = collapseRereads(entries);
          // Focus goes to the first line after those shown before (the last one, when the new entries only lengthened it).
          const focusLine =
            focusFrom === null ? null : Math.min(collapseRereads(entries.slice(0, focusFrom)).length, lines.length - 1);
          return (
            <>
              <ol className="admin-activity" aria-label="Administrator actions, newest first" aria-busy={stale}>
                {lines.map((entry, index) => (
                  <li
                    key={entry.id}
                    ref={index === focusLine ? firstNew : undefined}
                    tabIndex={index === focusLine ? -1 : undefined}
                  >
                    <ActivityLine entry={entry} subject={entry.subject} onOpenUser={onOpenUser} />
                  </li>
                ))}
              </ol>
              <p className="dash-muted admin-count" role="status">
                {`Showing the latest ${countOf(entries.length, 'action')}${cursor ? '' : ' (all of them)'}.`}
              </p>
              <ActionNote note={note} />
              {cursor ? (
                <div className="dash-tools">
                  <button
                    type="button"
                    className="btn btn-line auth-button"
                    disabled={busy !== null}
                    onClick={() => void showMore(first, entries.length, cursor)}
                  >
                    {busy ? 'Loading more...' : 'Show more'}
                  </button>
                </div>
              ) : null}
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
