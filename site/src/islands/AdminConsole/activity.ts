import type { AdminActivity } from '../../../../contract/admin.ts';

/** Audit actions in words; an action this list does not know yet is shown by its code. */
const ACTION_LABELS: Record<string, string> = {
  'user.update': 'Edited the profile',
  'user.suspend': 'Suspended the account',
  'user.activate': 'Activated the account',
  'user.delete': 'Deleted the account (personal data removed)',
  'user.reminder': 'Sent a subscription reminder',
  'payout.approve': 'Approved a payout',
  'payout.reject': 'Rejected a payout',
  'payout.complete': 'Completed a payout',
  'settings.update': 'Changed the platform settings',
  'document.view': 'Opened a verification document',
  'verification.verify': 'Marked the professional verified',
  'verification.reject': 'Rejected the verification',
};

export const activityLabel = (entry: Pick<AdminActivity, 'action' | 'targetType' | 'targetId'>): string => {
  const label = ACTION_LABELS[entry.action] ?? entry.action;
  return entry.targetType === 'payout' ? `${label} (payout #${entry.targetId})` : label;
};

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** One line per field that changed: "status: active → suspended"; a field only after is "notes: → Paid". */
export function activityChanges(entry: Pick<AdminActivity, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => {
    if (!(key in before)) return [`${key}: ${show(after[key])}`];
    if (!(key in after)) return [`${key}: ${show(before[key])} → —`];
    // A field recorded on both sides but unchanged (an empty reason before and after) says nothing.
    if (show(before[key]) === show(after[key])) return [];
    return [`${key}: ${show(before[key])} → ${show(after[key])}`];
  });
}
