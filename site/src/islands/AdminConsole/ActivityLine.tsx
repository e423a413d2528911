import type { AdminActivity, AdminActivityEntry } from '../../../../contract/admin.ts';
import { type ActivityRun, activitySentence, whenText } from './activity.ts';

/**
 * One audit entry as a sentence: "25 Nov 2026, 14:03 — ama suspended the account (was
 * active)." With `subject` (the list across accounts) the account is named, as a button that opens
 * it while it exists, as plain words once deleted.
 */
export function ActivityLine({
  entry,
  subject,
  onOpenUser,
}: {
  entry: ActivityRun<AdminActivity>;
  subject?: AdminActivityEntry['subject'];
  onOpenUser?: (id: number) => void;
}) {
  const named = subject !== undefined && subject !== null;
  return (
    <p>
      <time dateTime={entry.at}>{whenText(entry.at)}</time> —{' '}
      {activitySentence(entry, named).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : subject?.exists && onOpenUser ? (
          <button key={i} type="button" className="link-button" onClick={() => onOpenUser(subject.id)}>
            {subject.name}
          </button>
        ) : (
          <span key={i}>
            {subject?.exists
              ? subject.name
              : `account #${subject?.id}${entry.action === 'user.delete' ? '' : ' (since deleted)'}`}
          </span>
        ),
      )}
    </p>
  );
}
