import { randomBytes } from 'node:crypto';
import { PUSH_DEVICES_MAX, PUSH_SHOWN_WITHIN_MS, type PushPayload } from '../../../contract/push.ts';
import type { Clock } from '../clock.ts';
import type { Knex } from 'knex';
import type { Conn, Db } from '../db.ts';
import type { Int8, NotificationRow, UserRow } from '../db-tables.ts';
import { startJob, type Job } from '../jobs.ts';
import type { Logger } from '../logger.ts';
import type { ProviderGate } from './provider-observer.ts';
import { PushGoneError, type PushSender } from './push.ts';
import { addTime, MINUTE_MS, SECOND_MS, timeBetween } from '../../../contract/dates.ts';

/**
 * How a message travels. Email always; SMS and WhatsApp carry short texts to a phone (E.164);
 * push carries a notification to one phone's browser.
 */
export type Channel = 'email' | 'sms' | 'whatsapp' | 'push';
export const TEXT_CHANNELS = ['sms', 'whatsapp'] as const satisfies readonly Channel[];
export type TextChannel = (typeof TEXT_CHANNELS)[number];

/** `to` is an email address for email and an E.164 phone number (+233…) for SMS and WhatsApp. */
export interface Message {
  to: string;
  subject: string;
  text: string;
}

/** A short text for SMS or WhatsApp: `label` only names it in the dev mailbox and the log; `text` is what is sent. */
export interface ShortText {
  label: string;
  text: string;
}

/**
 * What features call: it only records the message (the outbox); delivery happens in the worker.
 * `trx` is the caller's transaction, and it is required: the message is recorded in it, so it
 * exists exactly when the change it tells of does (a crash between commit and queueing cannot
 * lose it, and a failed change sends nothing). Tests without a change pass the database.
 */
export interface Notifier {
  sendEmail(message: Message, trx: Db): Promise<void>;
  /**
   * Queues `message` on each text channel this notifier writes (SMS, WhatsApp). Nothing when the
   * person has no usable phone number: a channel is never written without its address.
   */
  sendText(phone: string | null | undefined, message: ShortText, trx: Db, options?: TextOptions): Promise<void>;
  /**
   * A step someone must act on (docs/PRODUCT.md "Notifications on the phone"): a notification to
   * each of the person's phones, and the text only if none of them showed it within
   * PUSH_SHOWN_WITHIN_MS; the text at once when the person has no phone for notifications, asked
   * for texts too ("Also text me"), or push is off. Without `text`, a notification only.
   */
  sendStep(userId: number, step: { push: PushStep; text?: ShortText }, trx: Db): Promise<void>;
  /**
   * A chat message's notification to each of the person's phones: it waits CHAT_PUSH_WAIT_MS and is
   * dropped if the person read the booking's chat meanwhile (they were looking at it). No text.
   */
  sendChatPush(userId: number, bookingId: number, push: PushStep, trx: Db): Promise<void>;
}

export interface TextOptions {
  /**
   * The text goes on one channel: the first this notifier writes; the next one carries it only when
   * the first failed for good or its provider is shut (circuit open), and once one of them sent it
   * the other is skipped. For a text that must not reach a phone twice (docs/PRODUCT.md "Mobile
   * money in one tap": a number's code).
   */
  oneChannel?: boolean;
}

/** How long a chat message's notification waits for the person to read the chat they may have open. */
export const CHAT_PUSH_WAIT_MS = 20_000;

/** What a notification shows on the lock screen and where a tap leads; the receipt is added per phone. */
export type PushStep = Omit<PushPayload, 'receipt'>;

/** A way to deliver one channel's messages: SMTP, an SMS gateway, WhatsApp… Throws when it fails. */
export interface Transport {
  readonly name: string;
  deliver(message: Message): Promise<void>;
  /** The provider's circuit and concurrency cap; absent: always open to calls, one at a time. */
  readonly gate?: ProviderGate;
}
/** Kept for the email adapters' signatures. */
export type EmailTransport = Transport;
export type Transports = Partial<Record<Channel, Transport>>;

/**
 * Email delivery while no mail service is configured: the dev mailbox (/dev-mailbox) shows the
 * outbox, and the log says a message was kept, without its text (a reset link is a secret).
 */
export const logTransport = (logger: Logger): Transport => ({
  name: 'log',
  async deliver(message) {
    logger.info({ subject: message.subject }, 'email kept in the outbox (no SMTP_URL): see /dev-mailbox');
  },
});

/** E.164 as users.phone stores it (+ then 8 to 15 digits); anonymised accounts hold "deleted-…". */
export const isE164 = (phone: string | null | undefined): phone is string => !!phone && /^\+[1-9]\d{7,14}$/.test(phone);

/**
 * The outbox. `textChannels` are the text channels written: server.ts passes the configured ones,
 * plus every one while diagnostics are on, so the dev mailbox shows what each would carry.
 */
export function outboxNotifier(deps: {
  clock: Clock;
  textChannels?: readonly TextChannel[];
  /** Notifications to phones are written (push is configured). */
  push?: boolean;
}): Notifier {
  const textChannels = deps.textChannels ?? TEXT_CHANNELS;
  const insert = async (
    db: Db,
    channel: Exclude<Channel, 'push'>,
    recipient: string,
    subject: string,
    body: string,
    options: { waitFor?: { step: string; until: Date }; fallbackOf?: Int8 } = {},
  ): Promise<Int8> => {
    const now = deps.clock.now();
    // The account the address belongs to now (emails and phones are unique), kept on the row: a
    // later change of address never hands these messages to the address's next owner.
    const owner =
      channel === 'email'
        ? db.raw('(select id from users where lower(email) = lower(?))', [recipient])
        : db.raw('(select id from users where phone = ?)', [recipient]);
    const [row] = await db('notifications')
      .insert({
        channel,
        recipient,
        subject,
        body,
        user_id: owner,
        created_at: now,
        // A fallback waits, due never, until its first row fails for good (deliverNotifications).
        next_attempt_at: options.fallbackOf !== undefined ? null : (options.waitFor?.until ?? now),
        step: options.waitFor?.step ?? null,
        fallback_of: options.fallbackOf ?? null,
      })
      .returning('id');
    return row.id;
  };
  const phonesOf = (db: Db, userId: number) =>
    deps.push
      ? db('push_subscriptions')
          .where({ user_id: userId })
          .orderBy('last_used_at', 'desc')
          .limit(PUSH_DEVICES_MAX)
          .select('id', 'endpoint')
      : Promise.resolve([]);
  const sendText = async (
    phone: string | null | undefined,
    message: ShortText,
    trx: Db,
    options: { waitFor?: { step: string; until: Date }; oneChannel?: boolean } = {},
  ) => {
    if (!isE164(phone)) return;
    let first: Int8 | undefined;
    for (const channel of textChannels) {
      const id = await insert(trx, channel, phone, message.label, message.text, {
        waitFor: options.waitFor,
        fallbackOf: options.oneChannel ? first : undefined,
      });
      first ??= id;
    }
  };
  return {
    async sendChatPush(userId, bookingId, push, trx) {
      const now = deps.clock.now();
      await insertPushes(trx, userId, await phonesOf(trx, userId), push, {
        now,
        sendAt: addTime(now, { ms: CHAT_PUSH_WAIT_MS }),
        unlessReadBooking: bookingId,
      });
    },
    sendEmail: async (message, trx) => {
      // An address under the reserved .invalid domain is nobody's (an account made without an email, a forgotten one).
      if (message.to.toLowerCase().endsWith('.invalid')) return;
      await insert(trx, 'email', message.to, message.subject, message.text);
    },
    sendText: (phone, message, trx, options) => sendText(phone, message, trx, { oneChannel: options?.oneChannel }),
    async sendStep(userId, step, trx) {
      const person = await trx('users').where({ id: userId }).first('phone', 'also_text');
      if (!person) return;
      const phones = await phonesOf(trx, userId);
      if (phones.length === 0 || person.also_text) {
        if (step.text) await sendText(person.phone, step.text, trx);
        if (phones.length === 0) return;
      }
      const now = deps.clock.now();
      const stepId = randomBytes(12).toString('base64url');
      await insertPushes(trx, userId, phones, step.push, { step: stepId, now, sendAt: now });
      if (step.text && !person.also_text) {
        await sendText(person.phone, step.text, trx, {
          waitFor: { step: stepId, until: addTime(now, { ms: PUSH_SHOWN_WITHIN_MS }) },
        });
      }
    },
  };
}

/** One push row per phone, each with its own receipt (the proof its service worker showed it). */
async function insertPushes(
  trx: Db,
  userId: number,
  phones: { id: unknown; endpoint: string }[],
  push: PushStep,
  when: { now: Date; sendAt: Date; step?: string; unlessReadBooking?: number },
) {
  for (const phone of phones) {
    const receipt = randomBytes(18).toString('base64url');
    const payload: PushPayload = { ...push, receipt };
    await trx('notifications').insert({
      channel: 'push',
      recipient: phone.endpoint,
      subject: push.title,
      body: JSON.stringify(payload),
      user_id: userId,
      subscription_id: Number(phone.id),
      receipt,
      step: when.step ?? null,
      unless_read_booking_id: when.unlessReadBooking ?? null,
      created_at: when.now,
      next_attempt_at: when.sendAt,
    });
  }
}

/** Waits before the next attempt: 1 minute, 5, 30, 2 hours; then the message is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000];
/** How long a claimed row is its worker's to send: past it, any worker (of any process) claims it again. */
export const LEASE_MS = 2 * MINUTE_MS;
/** The longest the outbox waits on one send before it counts it failed (and retries it): well inside a lease. */
export const SEND_DEADLINE_MS = 30 * SECOND_MS;
/** Messages of one channel sent at once when its provider names no cap of its own. */
export const DEFAULT_CONCURRENCY = 4;
/** Rows a channel claims at once, per message it may send at once: its places stay busy between claims. */
const CLAIM_PER_PLACE = 4;
const CLAIM_MAX = 200;

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** A channel without a transport is not attempted: its rows stay pending in the outbox (dev mailbox). */
  transports: Transports;
  /** Sends push rows; none: they stay pending (push is off). */
  push?: PushDelivery;
  /** Other than LEASE_MS and SEND_DEADLINE_MS (tests). */
  leaseMs?: number;
  sendDeadlineMs?: number;
}

/**
 * How push rows reach phones: the sender, and the forgetting of a phone whose address the push
 * service says is gone for good. The phones are the push feature's table (TABLE_OWNERS), so its
 * function comes in here (`pushDelivery` in features/push/service.ts): a provider imports no feature.
 */
export interface PushDelivery {
  sender: PushSender;
  forgetGonePhone: (conn: Conn, subscriptionId: Int8) => Promise<unknown>;
}

/** A row a worker holds a lease on, with what its send needs, read when it was claimed. */
type Claimed = Pick<
  NotificationRow,
  'id' | 'channel' | 'recipient' | 'subject' | 'body' | 'attempts' | 'step' | 'fallback_of'
> & {
  token: string;
  until: Date;
  /** Why it need not go (it is marked skipped, not sent). */
  notNeeded?: string;
  /** A push row's phone. */
  phone?: { id: Int8; endpoint: string; p256dh: string; auth: string };
};

type Outcome = { kind: 'sent' } | { kind: 'skipped'; why: string; gone?: boolean } | { kind: 'retry'; error: string };

/** The channels this worker delivers, each with its provider's gate. */
const lanesOf = (deps: DeliveryDeps): [Channel, ProviderGate | undefined][] => [
  ...(Object.entries(deps.transports) as [Channel, Transport | undefined][])
    .filter(([, transport]) => transport)
    .map(([channel, transport]): [Channel, ProviderGate | undefined] => [channel, transport!.gate]),
  ...(deps.push ? [['push', deps.push.sender.gate] as [Channel, ProviderGate | undefined]] : []),
];

/**
 * Delivers every due message, each channel on its own and all at once (ARCHITECTURE.md
 * "Background work in tables"): a short transaction leases a batch of due rows (LEASE_MS) and
 * reads what their sends need; the sends run with no transaction and no connection held, up to
 * the provider's concurrency at once; each outcome is written in a short transaction of its own,
 * only while the lease is still this worker's. A channel whose provider's circuit is open is not
 * claimed (its rows wait; a text's fallback goes on). Delivery is at least once: a worker that
 * dies mid-send leaves its lease to lapse, and the row is sent again. Answers how many were sent.
 */
export async function deliverNotifications(deps: DeliveryDeps, signal?: AbortSignal): Promise<number> {
  const drained = await Promise.allSettled(
    lanesOf(deps).map(([channel, gate]) => drainChannel(deps, channel, gate, signal)),
  );
  const failed = drained.find((d) => d.status === 'rejected');
  if (failed) throw failed.reason;
  return drained.reduce((sum, d) => sum + (d.status === 'fulfilled' ? d.value : 0), 0);
}

/** One channel's due rows until none is left: claimed in batches, sent `gate.concurrency` at once. */
async function drainChannel(
  deps: DeliveryDeps,
  channel: Channel,
  gate: ProviderGate | undefined,
  signal?: AbortSignal,
): Promise<number> {
  const places = Math.max(1, Math.floor(gate?.concurrency ?? DEFAULT_CONCURRENCY));
  const batch = Math.min(places * CLAIM_PER_PLACE, CLAIM_MAX);
  // A send always fits in a fresh lease, so a row released for lack of time is sent on the next claim.
  const deadlineMs = Math.min(deps.sendDeadlineMs ?? SEND_DEADLINE_MS, (deps.leaseMs ?? LEASE_MS) / 2);
  const queue: Claimed[] = [];
  let more = true;
  let failure: unknown;
  let sent = 0;
  let claiming: Promise<void> | undefined;
  const claimMore = async () => {
    try {
      if (signal?.aborted) more = false;
      else if (gate?.isOpen()) {
        more = false;
        await releaseFallbacks(deps, channel);
      } else {
        const got = await claim(deps, channel, batch);
        queue.push(...got);
        more = got.length > 0;
      }
    } catch (err) {
      failure ??= err;
      more = false;
    }
  };
  const refill = () => {
    claiming ??= claimMore().finally(() => {
      claiming = undefined;
    });
    return claiming;
  };
  const handle = async (item: Claimed) => {
    try {
      const leaseLeft = timeBetween(deps.clock.now(), item.until);
      if (!item.notNeeded && (signal?.aborted || gate?.isOpen() || leaseLeft < deadlineMs)) {
        // Not sent now: free for the next claim, by this process or another.
        await release(deps.db, item);
        return;
      }
      const outcome = await attempt(deps, item, deadlineMs, signal);
      if (!outcome) return; // stopping mid-send: the lease lapses and the row is sent again
      await record(deps, item, outcome);
      if (outcome.kind === 'sent') sent++;
    } catch (err) {
      deps.logger.error({ err, id: item.id, channel }, 'notification outcome not recorded');
    }
  };
  const worker = async () => {
    for (;;) {
      if (more && queue.length <= places) void refill();
      let item = queue.shift();
      if (!item) {
        if (!more && !claiming) return;
        await refill();
        item = queue.shift();
        if (!item) {
          if (!more) return;
          continue;
        }
      }
      await handle(item);
    }
  };
  await Promise.all(Array.from({ length: places }, worker));
  if (failure) throw failure;
  return sent;
}

/** Leases up to `limit` due rows of `channel` and reads what their sends need, in one short transaction. */
async function claim(deps: DeliveryDeps, channel: Channel, limit: number): Promise<Claimed[]> {
  const now = deps.clock.now();
  const token = randomBytes(12).toString('base64url');
  const until = addTime(now, { ms: deps.leaseMs ?? LEASE_MS });
  return deps.db.transaction(async (trx) => {
    const due = trx('notifications')
      .select('id')
      .where({ status: 'pending', channel })
      .where('next_attempt_at', '<=', now)
      .where((q) => q.whereNull('claimed_until').orWhere('claimed_until', '<=', now))
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const rows = await trx('notifications')
      .whereIn('id', due)
      .update({ claimed_until: until, lease_token: token })
      .returning([
        'id',
        'channel',
        'recipient',
        'subject',
        'body',
        'attempts',
        'step',
        'fallback_of',
        'subscription_id',
        'user_id',
        'unless_read_booking_id',
        'created_at',
      ]);
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    const claimed: Claimed[] = rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      attempts: r.attempts,
      step: r.step,
      fallback_of: r.fallback_of,
      token,
      until,
    }));
    if (channel === 'push') await readPushNeeds(trx, rows, claimed);
    else await readStepsShown(trx, claimed);
    return claimed;
  });
}

/** A text waiting on its step goes only if no phone showed the step's notification. */
async function readStepsShown(trx: Conn, claimed: Claimed[]) {
  const steps = [...new Set(claimed.flatMap((c) => (c.step ? [c.step] : [])))];
  if (steps.length === 0) return;
  const shown = new Set(
    await trx('notifications')
      .whereIn('step', steps)
      .where({ channel: 'push' })
      .whereNotNull('shown_at')
      .distinct()
      .pluck('step'),
  );
  for (const c of claimed) if (c.step && shown.has(c.step)) c.notNeeded = 'a phone showed the notification';
}

/** A push row's phone and keys; a chat message's push is not needed once the person read that chat. */
async function readPushNeeds(
  trx: Conn,
  rows: Pick<NotificationRow, 'id' | 'subscription_id' | 'user_id' | 'unless_read_booking_id' | 'created_at'>[],
  claimed: Claimed[],
) {
  const ids = [...new Set(rows.flatMap((r) => (r.subscription_id === null ? [] : [Number(r.subscription_id)])))];
  const phones = new Map(
    (ids.length
      ? await trx('push_subscriptions').whereIn('id', ids).select('id', 'endpoint', 'p256dh', 'auth')
      : []
    ).map((p) => [Number(p.id), p]),
  );
  const chats = rows.filter((r) => r.unless_read_booking_id !== null && r.user_id !== null);
  const reads = chats.length
    ? await trx('chat_reads')
        .whereIn(
          ['booking_id', 'user_id'],
          chats.map((r) => [Number(r.unless_read_booking_id), Number(r.user_id)]),
        )
        .select('booking_id', 'user_id', 'last_read_at')
    : [];
  rows.forEach((row, i) => {
    const read = reads.find(
      (r) =>
        Number(r.booking_id) === Number(row.unless_read_booking_id) &&
        Number(r.user_id) === Number(row.user_id) &&
        r.last_read_at !== null &&
        new Date(r.last_read_at) >= new Date(row.created_at),
    );
    const phone = row.subscription_id === null ? undefined : phones.get(Number(row.subscription_id));
    if (read) claimed[i].notNeeded = 'the person read the chat';
    else if (!phone) claimed[i].notNeeded = 'the phone no longer gets notifications';
    else claimed[i].phone = phone;
  });
}

/** One send, bounded by `deadlineMs`; undefined when the worker stops before it ends. */
async function attempt(
  deps: DeliveryDeps,
  item: Claimed,
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<Outcome | undefined> {
  if (item.notNeeded) return { kind: 'skipped', why: item.notNeeded };
  const send =
    item.channel === 'push'
      ? deps.push!.sender.send(
          { endpoint: item.phone!.endpoint, keys: { p256dh: item.phone!.p256dh, auth: item.phone!.auth } },
          item.body,
        )
      : deps.transports[item.channel as Channel]!.deliver({
          to: item.recipient,
          subject: item.subject,
          text: item.body,
        });
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    const ended = await Promise.race([
      send.then(() => 'sent' as const),
      new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), deadlineMs);
      }),
      new Promise<'stopped'>((resolve) => {
        onAbort = () => resolve('stopped');
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
    if (ended === 'stopped') return undefined;
    if (ended === 'late') return { kind: 'retry', error: `no answer within ${deadlineMs / SECOND_MS} s` };
    return { kind: 'sent' };
  } catch (err) {
    if (err instanceof PushGoneError) return { kind: 'skipped', why: err.message, gone: true };
    return { kind: 'retry', error: String((err as Error)?.message ?? err) };
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** The row, while its lease is still `item`'s (a lease taken over by another worker is not written over). */
const leased = (conn: Conn, item: Claimed) => conn('notifications').where({ id: item.id, lease_token: item.token });
const unleased = { claimed_until: null, lease_token: null };
/** Not claimed by anyone now (a lapsed lease counts as none). */
const unclaimed = (now: Date) => (q: Knex.QueryBuilder) =>
  q.whereNull('claimed_until').orWhere('claimed_until', '<=', now);

const release = (db: Db, item: Claimed) => leased(db, item).update(unleased);

/** Writes how a send ended, in one short transaction, only while the lease is still the worker's. */
async function record(deps: DeliveryDeps, item: Claimed, outcome: Outcome): Promise<void> {
  const now = deps.clock.now();
  const attempts = item.attempts + 1;
  if (outcome.kind === 'sent') {
    await deps.db.transaction(async (trx) => {
      if (await leased(trx, item).update({ status: 'sent', sent_at: now, attempts, ...unleased }))
        await skipOtherChannels(trx, item, now);
    });
    return;
  }
  if (outcome.kind === 'skipped') {
    await deps.db.transaction(async (trx) => {
      // A phone that is gone is forgotten whoever holds the row now.
      if (outcome.gone && item.phone) await deps.push!.forgetGonePhone(trx, item.phone.id);
      const why = outcome.why.slice(0, 500);
      if (!(await leased(trx, item).update({ status: 'skipped', attempts, last_error: why, ...unleased }))) return;
      // A text not needed needs no fallback either.
      await trx('notifications').where({ fallback_of: item.id, status: 'pending' }).update({
        status: 'skipped',
        last_error: why,
      });
      // No phone of the step can show it any more: its texts need not wait.
      if (item.step && item.channel === 'push' && !(await stepMayShow(trx, item.step, item.id))) {
        await trx('notifications')
          .where({ step: item.step, status: 'pending' })
          .whereNot({ channel: 'push' })
          .update({ next_attempt_at: now });
      }
    });
    return;
  }
  const delay = RETRY_DELAYS_MS[attempts - 1];
  const written = await deps.db.transaction(async (trx) => {
    const written = await leased(trx, item).update({
      attempts,
      last_error: outcome.error.slice(0, 500),
      ...(delay === undefined ? { status: 'failed' as const } : { next_attempt_at: addTime(now, { ms: delay }) }),
      ...unleased,
    });
    // Failed for good: a text's fallback channel carries it now.
    if (written && delay === undefined) {
      await trx('notifications')
        .where({ fallback_of: item.id, status: 'pending' })
        .whereNull('next_attempt_at')
        .update({ next_attempt_at: now });
    }
    return written;
  });
  if (written)
    deps.logger.warn(
      { id: item.id, channel: item.channel, attempts, err: outcome.error },
      'notification not delivered',
    );
}

/** A one-channel text was sent: its other channel's row, not claimed meanwhile, is not sent. */
async function skipOtherChannels(trx: Conn, item: Claimed, now: Date) {
  const first = item.fallback_of ?? item.id;
  await trx('notifications')
    .where((q) => q.where({ id: first }).orWhere({ fallback_of: first }))
    .whereNot({ id: item.id })
    .where({ status: 'pending' })
    .where(unclaimed(now))
    .update({ status: 'skipped', last_error: `sent by ${item.channel}` });
}

/** `channel`'s provider is shut (circuit open): the fallbacks of its due texts go now. */
async function releaseFallbacks(deps: DeliveryDeps, channel: Channel) {
  const now = deps.clock.now();
  await deps
    .db('notifications')
    .whereIn(
      'fallback_of',
      deps.db('notifications').select('id').where({ status: 'pending', channel }).where('next_attempt_at', '<=', now),
    )
    .where({ status: 'pending' })
    .whereNull('next_attempt_at')
    .update({ next_attempt_at: now });
}

/** Another push row of the step is still on its way or was sent (and may yet be shown). */
const stepMayShow = async (trx: Conn, step: string, exceptId: Int8) =>
  !!(await trx('notifications')
    .where({ step, channel: 'push' })
    .whereIn('status', ['pending', 'sent'])
    .whereNot({ id: Number(exceptId) })
    .first('id'));

/**
 * Delivers in the background (api/src/jobs.ts), one job per channel so a slow provider never holds
 * up another's rows: each drains its due rows, then looks again `everyMs` later. `stop()` ends the
 * claiming and waits for the sends in flight (a send cut short keeps its lease, and is sent again).
 */
export function startNotificationWorker(deps: DeliveryDeps, everyMs = 5_000): Job {
  const stopping = new AbortController();
  const jobs = lanesOf(deps).map(([channel, gate]) =>
    startJob({
      name: `notification delivery (${channel})`,
      everyMs,
      run: () => drainChannel(deps, channel, gate, stopping.signal),
      logger: deps.logger,
    }),
  );
  return {
    async stop() {
      stopping.abort();
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}

/**
 * A forgotten account's messages, waiting or sent, to its account, its email or its phone: texts
 * went to the phone, and nothing more is delivered to them (privacy/anonymise.ts).
 */
export const forgetNotificationsOf = (conn: Conn, user: Pick<UserRow, 'id' | 'email' | 'phone'>) =>
  conn('notifications')
    .where({ user_id: user.id })
    .orWhereRaw('lower(recipient) = lower(?)', [user.email])
    .orWhere({ recipient: user.phone })
    .delete();

/**
 * A phone showed the push notification with this receipt, sent after `sentSince`: its row is marked
 * once, and answers which phone and which step it was (none when already marked or too old).
 */
export async function markPushShown(
  conn: Conn,
  receipt: string,
  now: Date,
  sentSince: Date,
): Promise<Pick<NotificationRow, 'subscription_id' | 'step'> | undefined> {
  const [row] = await conn('notifications')
    .where({ receipt, channel: 'push' })
    .whereNull('shown_at')
    .where('created_at', '>', sentSince)
    .update({ shown_at: now })
    .returning(['subscription_id', 'step']);
  return row;
}

/** The texts still waiting on a step are not sent, with why. */
export const skipTextsOfStep = (conn: Conn, step: string, why: string) =>
  conn('notifications')
    .where({ step, status: 'pending' })
    .whereNot({ channel: 'push' })
    .update({ status: 'skipped', last_error: why });
