import { HOUR_MS, subtractTime } from '../../../../contract/dates.ts';
import {
  PUSH_DEVICES_MAX,
  PUSH_MESSAGES,
  type PushDevices,
  type PushPayload,
  type PushSubscriptionInput,
} from '../../../../contract/push.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db.ts';
import { usersRepo } from '../accounts/index.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { markPushShown, type PushDelivery, skipTextsOfStep } from '../../providers/notifier.ts';
import { allowedPushEndpoint, type LocalPushService, PushGoneError, type PushSender } from '../../providers/push.ts';
import { holdLiveSession } from '../auth/sessions.ts';
import * as pushRepo from './repo.ts';
import { accountPhones, dropAccountPhone, dropPushSubscription } from './repo.ts';

/** The phones an account gets notifications on (docs/PRODUCT.md "Notifications on the phone"). */
export interface PushDeps {
  db: Db;
  clock: Clock;
  /** Only the server's own push service (the sandbox and tests: where it is); false: the browsers' push services; null: push is off. */
  localOnly: LocalPushService | false | null;
}

/** Refused before anything is stored or sent: push is off here, or the address is not a push service the server sends to. */
function checkEndpoint(deps: PushDeps, endpoint: string): void {
  if (deps.localOnly === null) throw new HttpError(409, 'conflict', PUSH_MESSAGES.off);
  if (!allowedPushEndpoint(endpoint, deps.localOnly)) {
    throw badRequest(PUSH_MESSAGES.badEndpoint, [{ field: 'endpoint', message: PUSH_MESSAGES.badEndpoint }]);
  }
}

/**
 * This phone gets this account's notifications, until the sign-in `sessionToken` ends (sign-out
 * there, a password reset). A phone's browser has one push address, so an address another account
 * had moves to this one (the last to turn it on, on that phone). Past PUSH_DEVICES_MAX phones, the
 * one unused longest stops.
 */
export async function subscribe(
  deps: PushDeps,
  userId: number,
  sessionToken: string,
  input: PushSubscriptionInput,
): Promise<{ id: number }> {
  checkEndpoint(deps, input.endpoint);
  const now = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    // One account's phones are counted one request at a time; a sign-out at the same moment waits, then stops this phone too.
    const sessionId = await holdLiveSession(trx, sessionToken, userId, now);
    if (!sessionId) throw unauthorized('Your session has ended. Please sign in again.', 'signed_out');
    const id = await pushRepo.savePhone(trx, {
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      device: input.device?.trim() || 'A phone',
      sessionId,
      now,
    });
    await pushRepo.dropPhonesBeyond(trx, userId, PUSH_DEVICES_MAX);
    return { id };
  });
}

export async function unsubscribe(deps: PushDeps, userId: number, endpoint: string): Promise<void> {
  await pushRepo.dropPhoneAt(deps.db, userId, endpoint);
}

export async function devices(deps: PushDeps, userId: number): Promise<PushDevices> {
  const [rows, alsoText] = await Promise.all([accountPhones(deps.db, userId), pushRepo.alsoTextOf(deps.db, userId)]);
  return {
    devices: rows.map((r) => ({
      id: Number(r.id),
      device: r.device,
      endpoint: r.endpoint,
      createdAt: new Date(r.created_at).toISOString(),
      lastUsedAt: new Date(r.last_used_at).toISOString(),
    })),
    alsoText,
  };
}

/** Profile: one of this account's phones (a lost one) gets nothing more; another account's phone is not found. */
export async function dropDevice(deps: PushDeps, userId: number, id: number): Promise<void> {
  if (!(await dropAccountPhone(deps.db, userId, id))) throw notFound(PUSH_MESSAGES.unknownDevice);
}

export async function setAlsoText(deps: PushDeps, userId: number, alsoText: boolean): Promise<{ alsoText: boolean }> {
  await usersRepo.setAlsoText(deps.db, userId, alsoText);
  return { alsoText };
}

/**
 * A test notification to this phone, sent now rather than through the outbox: the person is
 * looking at the phone and waits for it. Throws the push service's failure in plain words.
 */
export async function sendTest(
  deps: PushDeps & { sender: PushSender | null },
  userId: number,
  endpoint: string,
): Promise<void> {
  const phone = await pushRepo.phoneAt(deps.db, userId, endpoint);
  if (!phone || !deps.sender) throw notFound(PUSH_MESSAGES.unknownDevice);
  const payload: PushPayload = {
    title: PUSH_MESSAGES.testTitle,
    body: PUSH_MESSAGES.testBody,
    url: '/dashboard',
    tag: 'test',
    receipt: 'test',
  };
  try {
    await deps.sender.send({ endpoint, keys: { p256dh: phone.p256dh, auth: phone.auth } }, JSON.stringify(payload));
  } catch (err) {
    if (err instanceof PushGoneError) {
      await pushRepo.dropPhoneAt(deps.db, userId, endpoint);
      throw new HttpError(410, 'gone', PUSH_MESSAGES.gone);
    }
    throw new HttpError(503, 'provider_unavailable', PUSH_MESSAGES.serviceDown, { headers: { 'Retry-After': '60' } });
  }
}

/** What the notifier's worker sends push rows with: `sender`, and this feature forgets a phone that is gone. */
export const pushDelivery = (sender: PushSender): PushDelivery => ({ sender, forgetGonePhone: dropPushSubscription });

/** Notifications shown more than this long ago are not recorded again. */
const RECEIPTS_KEPT_MS = 24 * HOUR_MS;

/** The service worker showed the notification with this receipt: its step's texts are skipped. */
export async function markShown(deps: PushDeps, receipt: string): Promise<void> {
  const now = deps.clock.now();
  const row = await markPushShown(deps.db, receipt, now, subtractTime(now, { ms: RECEIPTS_KEPT_MS }));
  if (!row) return;
  // The texts waiting on this step are not needed: the dev mailbox says so at once (the outbox checks again).
  if (row.step) await skipTextsOfStep(deps.db, row.step, 'a phone showed the notification');
  if (row.subscription_id) {
    await pushRepo.notePhoneUsed(deps.db, Number(row.subscription_id), now);
  }
}
