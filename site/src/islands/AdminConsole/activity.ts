import type { AdminAction, AdminActivity } from '../../../../contract/admin.ts';
import { ADMIN_ACTIONS, SETTING_LABELS } from '../../../../contract/admin.ts';
import type { PlatformSettings } from '../../../../contract/admin.ts';
import { DOCUMENT_KIND_LABELS, isDocumentKind } from '../../../../contract/verification.ts';
import type { DocumentOpening } from '../../../../contract/verification.ts';
import { clockTime, durationMs, stampLabel, timeBetween } from '../../../../contract/dates.ts';

/**
 * Audit entries as sentences a person can read: "25 Nov 2026, 14:03 — admin ama
 * suspended the account (was active)." In the list across all accounts the sentence also names the
 * account: `{ subject: true }` marks where the island puts its name (a button that opens it).
 */
export type SentencePart = string | { subject: true };

/** The Activity filter's names for each kind of action. */
export const ACTION_NAMES: Record<AdminAction, string> = {
  'user.update': 'Profile edits',
  'user.suspend': 'Suspensions',
  'user.activate': 'Activations',
  'user.delete': 'Deletions',
  'user.reminder': 'Subscription reminders',
  'payout.approve': 'Payouts approved',
  'payout.reject': 'Payouts rejected',
  'payout.complete': 'Payouts completed',
  'settings.update': 'Settings changes',
  'document.view': 'Documents opened',
  'verification.verify': 'Verifications approved',
  'verification.reject': 'Verifications rejected',
  'photo.remove': 'Photos removed',
  'report.view': 'Problem reports opened',
  'report.message': 'Messages in problem reports',
  'report.close': 'Problem reports closed',
};
export const isAdminAction = (value: string): value is AdminAction =>
  (ADMIN_ACTIONS as readonly string[]).includes(value);

/** "25 Nov 2026, 14:03", Ghana time (GMT), the same on every device. */
export const whenText = (iso: string): string => stampLabel(new Date(iso));

/** A recorded value in words: long texts shortened, nothing as null. */
function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** "changed the phone from +23324… to +23355…", "set the location to Kumasi", "cleared the description (was …)". */
function changeText(name: string, before: unknown, after: unknown): string | null {
  const [was, now] = [shown(before), shown(after)];
  if (was === now) return null;
  if (was === null) return `set the ${name} to ${now}`;
  if (now === null) return `cleared the ${name} (was ${was})`;
  return `changed the ${name} from ${was} to ${now}`;
}

const PROFILE_FIELDS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  phone: 'phone',
  type: 'account type',
  status: 'status',
  location: 'location',
  description: 'description',
  profession: 'profession',
};
const settingName = (key: string) =>
  key in SETTING_LABELS ? SETTING_LABELS[key as keyof PlatformSettings].label.toLowerCase() : key;

function changes(entry: Pick<AdminActivity, 'before' | 'after'>, name: (key: string) => string): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => changeText(name(key), before[key], after[key]) ?? []);
}

const listed = (items: string[]) => (items.length ? `: ${items.join('; ')}` : '');
const noting = (after: Record<string, unknown> | null) =>
  shown(after?.notes) ? `, noting “${shown(after?.notes)}”` : '';

/**
 * What was done, with `{of}` / `{to}` where the account is named in the list across accounts
 * ("suspended the account{of}" → "suspended the account of Ama Mensah"). Unknown actions keep
 * their code, so a new kind shows before this learns its words.
 */
function phrase(entry: AdminActivity): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const was = (key: string) => (shown(before[key]) ? ` (was ${shown(before[key])})` : '');
  const payout = `payout #${entry.targetId}`;
  switch (entry.action) {
    case 'user.update':
      return `edited the profile{of}${listed(changes(entry, (k) => PROFILE_FIELDS[k] ?? k))}`;
    case 'user.suspend':
      return `suspended the account{of}${was('status')}`;
    case 'user.activate':
      return `activated the account{of}${was('status')}`;
    case 'user.delete':
      // Named, the deleted account is "account #5": "deleted account #5", not "the account of account #5".
      return 'deleted {account}, removing its personal data';
    case 'user.reminder':
      return 'sent a subscription reminder{to}';
    case 'payout.approve':
      return `approved ${payout}{of}${was('status')}`;
    case 'payout.reject':
      return `rejected ${payout}{of}; the amount went back to their balance${noting(after)}`;
    case 'payout.complete':
      return `marked ${payout}{of} as paid${noting(after)}`;
    case 'settings.update':
      return `changed the platform settings${listed(changes(entry, settingName))}`;
    case 'document.view':
      return `opened the ${isDocumentKind(after.kind) ? DOCUMENT_KIND_LABELS[after.kind] : 'verification document'}{of}`;
    case 'verification.verify':
      return 'approved the verification{of}';
    case 'verification.reject':
      return `rejected the verification{of}${shown(after.reason) ? `, giving the reason “${shown(after.reason)}”` : ''}`;
    case 'photo.remove':
      return `removed ${before?.kind === 'work' ? 'a work photo' : 'the profile photo'}{of}`;
    case 'report.view':
      return `opened problem report #${entry.targetId}`;
    case 'report.message':
      return `wrote to both parties in problem report #${entry.targetId}${shown(after.body) ? `: “${shown(after.body)}”` : ''}`;
    case 'report.close':
      return `closed problem report #${entry.targetId} with the outcome “${shown(after.outcome) ?? 'unknown'}”${shown(after.party) ? ` for the ${shown(after.party)}` : ''}${shown(after.note) ? `, noting “${shown(after.note)}”` : ''}`;
    default:
      return `did “${entry.action}” on ${entry.targetType} ${entry.targetId}{of}`;
  }
}

/**
 * The entry as a sentence after its time: "ama suspended the account (was active)." With
 * `named`, the account is named where the phrase says ({ subject: true } in the parts).
 */
export function activitySentence(entry: ActivityRun<AdminActivity>, named = false): SentencePart[] {
  const parts: SentencePart[] = [`${entry.admin} `];
  for (const piece of phrase(entry).split(/(\{of\}|\{to\}|\{account\})/)) {
    if (piece === '{account}') parts.push(named ? { subject: true } : 'the account');
    else if (piece === '{of}' || piece === '{to}') {
      if (named) parts.push(piece === '{of}' ? ' of ' : ' to ', { subject: true });
    } else if (piece) parts.push(piece);
  }
  if (entry.times && entry.times > 1)
    parts.push(` (${entry.times} times from ${clockTime(new Date(entry.firstAt ?? entry.at))})`);
  // A quoted note that ends its own sentence ("noting “Paid.”") takes no second full stop.
  const last = parts.at(-1);
  if (!(typeof last === 'string' && /[.!?]”?$/.test(last))) parts.push('.');
  return parts;
}

/** Opening something again only to read it: a run of these by one administrator on one thing reads as one line. */
const REREADS: readonly string[] = ['report.view', 'document.view'];
/** How far apart two openings of the same thing may be and still read as one line. */
export const REREAD_WINDOW_MS = durationMs({ minutes: 30 });

/** An entry that may stand for a run of the same opening ("opened problem report #1 (3 times from 14:03)"). */
export type ActivityRun<T extends AdminActivity> = T & { times?: number; firstAt?: string };

/**
 * The list, newest first, with each run of one administrator opening the same report or document
 * again (nothing between them in the list, each within REREAD_WINDOW_MS of the next) kept as its
 * newest entry, counting the openings and saying when the first was.
 */
export function collapseRereads<T extends AdminActivity>(entries: readonly T[]): ActivityRun<T>[] {
  const out: ActivityRun<T>[] = [];
  for (const entry of entries) {
    const newer = out.at(-1);
    if (
      newer &&
      REREADS.includes(entry.action) &&
      newer.action === entry.action &&
      newer.admin === entry.admin &&
      newer.targetType === entry.targetType &&
      newer.targetId === entry.targetId &&
      timeBetween(entry.at, newer.firstAt ?? newer.at) <= REREAD_WINDOW_MS
    ) {
      newer.times = (newer.times ?? 1) + 1;
      newer.firstAt = entry.at;
    } else out.push({ ...entry });
  }
  return out;
}

/** The sentence as plain text, the account named as `name` (tests, and the screen reader's whole line). */
export const sentenceText = (parts: SentencePart[], name = ''): string =>
  parts.map((p) => (typeof p === 'string' ? p : name)).join('');

/** Who has opened a verification document: "Not opened yet", or "Opened by ama on 25 Nov 2026, 14:03" per administrator. */
export const openingLines = (openings: readonly DocumentOpening[] | undefined): string[] =>
  openings?.length ? openings.map((o) => `Opened by ${o.admin} on ${whenText(o.at)}`) : ['Not opened yet'];
