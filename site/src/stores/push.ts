import { atom, map } from 'nanostores';
import {
  type PushDevices,
  pushDevices,
  pushKey,
  removePushDevice,
  sendTestPush as sendTestRoute,
  setPushPreferences,
  subscribePush,
  unsubscribePush,
} from '../../../contract/push.ts';
import { addTime, timeBetween } from '../../../contract/dates.ts';
import { ApiError, NetworkError, TimeoutError } from '../lib/api.ts';
import { call, type CallOptions } from '../lib/call.ts';
import { deviceName } from '../lib/device-name.ts';
import { failure, type Outcome } from '../lib/outcome.ts';
import { $session } from './session.ts';

/**
 * Notifications on this phone (docs/PRODUCT.md "Notifications on the phone"): whether
 * this browser can have them, whether this account has them on this phone, and the actions that
 * turn them on and off, send a test, and set "Also text me". The service worker (registered by the
 * guards, ui/useServiceWorker.ts) shows them; this store only subscribes it.
 *
 * state:
 * - unsupported: no service worker, Push API or notifications here, or the server sends none;
 * - blocked: the browser's permission for this site is "denied" (only its settings can undo it);
 * - off / on: this phone's subscription is, or is not, one of this account's phones on the server;
 * - busy: being checked or changed.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on' | 'busy';

export interface PushStatus {
  state: PushState;
  /** The last failure in plain words ('' after a success). */
  error: string;
  /** This account's phones and its "Also text me", as last read (null before). */
  devices: PushDevices | null;
  /** This phone's push address, when it has one. */
  endpoint: string | null;
}

export const PUSH_WORDS = {
  blocked: 'Notifications are blocked for this site in the browser settings.',
  notAllowed: 'Notifications stay off: the browser did not get an Allow. Tap Turn on again and choose Allow.',
  notReady: 'The app is still being set up on this phone. Please try again in a minute.',
  unsupported: 'This browser cannot show notifications from ServiceConnect.',
  failed: 'Notifications could not be turned on for this phone. Please try again.',
  /** Turn on gave up (TURN_ON_WITHIN_MS): the phone's push service, or the server, never answered. */
  pushServiceSilent:
    'Notifications could not be turned on: this phone’s notification service did not answer within 20 seconds.',
  serverSilent: 'Notifications could not be turned on: ServiceConnect did not answer within 20 seconds.',
  /** What still holds, and the way on (docs/PRODUCT.md "Notifications on the phone"). */
  gaveUpNext:
    'A text message still comes when a booking needs you and no phone of yours showed it. Tap Try again, on a better connection if you can.',
  on: 'Notifications are on for this phone.',
  off: 'Notifications are off for this phone.',
  testSent: 'A test notification is on its way to this phone.',
  alsoTextOn: 'We will also text you.',
  alsoTextOff: 'We will text you only when no phone of yours showed the notification.',
  dropped: 'That phone no longer gets notifications from this account.',
} as const;

export const $push = map<PushStatus>({ state: 'busy', error: '', devices: null, endpoint: null });

/**
 * The professional a customer's new request waits on: set when a booking request has just gone
 * (BookingDialog), so the dashboard offers notifications then and never on page load, until he
 * answers (CustomerDashboard/AnswerOffer.tsx).
 */
export const $pushOfferFor = atom<{ name: string; id: number } | null>(null);

/** How long Turn on waits for the service worker to finish installing (the first visit on 3G). */
export const READY_WITHIN_MS = 20_000;
/**
 * How long Turn on may take once the browser's question is answered: the worker, the push
 * service's subscription (which can hang when the push service cannot be reached) and the server's
 * calls together. Past it, it gives up in words, with Try again.
 */
export const TURN_ON_WITHIN_MS = 20_000;

/** Turn on took longer than TURN_ON_WITHIN_MS; `step` is what it was waiting for. */
class GaveUp extends Error {
  readonly step: 'push service' | 'server';
  constructor(step: 'push service' | 'server') {
    super(`no answer from the ${step}`);
    this.step = step;
  }
}

const token = () => $session.get().token;

/** The browser has everything push needs (the server's key aside). */
export function browserCanPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}

let key: Promise<string | null> | null = null;

/** The server's public VAPID key (read once per page; a failed read is tried again next time). */
function serverKey(): Promise<string | null> {
  key ??= call(pushKey, {}, { token: token() }).then(
    (answer) => answer.publicKey,
    (error: unknown) => {
      key = null;
      throw error;
    },
  );
  return key;
}

/** Whether this phone can get notifications: the browser can, and the server sends them. */
export async function pushSupported(): Promise<boolean> {
  if (!browserCanPush()) return false;
  try {
    return (await serverKey()) !== null;
  } catch {
    return false;
  }
}

const readDevices = () => call(pushDevices, {}, { token: token() });

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function stateOf(subscription: PushSubscription | null, devices: PushDevices | null): PushState {
  if (Notification.permission === 'denied') return 'blocked';
  const listed = subscription && devices?.devices.some((d) => d.endpoint === subscription.endpoint);
  return listed && Notification.permission === 'granted' ? 'on' : 'off';
}

/** What to say about a failure: the server's or the connection's words, else `fallback` (a browser's own error). */
function problem(error: unknown, fallback: string): string {
  return error instanceof ApiError || error instanceof NetworkError || error instanceof TimeoutError
    ? failure(error).message
    : fallback;
}

const refused = (message: string): Outcome => ({ ok: false, message, fields: {} });

/**
 * A browser without push still lists the account's phones (Profile), so a lost one can be dropped
 * from any browser; nothing is asked when the server sends no notifications or no one is signed in.
 */
async function checkWithoutPush(): Promise<void> {
  $push.set({ state: 'unsupported', error: '', devices: null, endpoint: null });
  if (!token()) return;
  try {
    if ((await serverKey()) === null) return;
    $push.set({ state: 'unsupported', error: '', devices: await readDevices(), endpoint: null });
  } catch {
    // No list for now: nothing else on the card depends on it.
  }
}

async function check(): Promise<void> {
  if (!browserCanPush()) return checkWithoutPush();
  try {
    if ((await serverKey()) === null) {
      $push.set({ state: 'unsupported', error: '', devices: null, endpoint: null });
      return;
    }
    const [subscription, devices] = await Promise.all([currentSubscription(), readDevices()]);
    $push.set({ state: stateOf(subscription, devices), error: '', devices, endpoint: subscription?.endpoint ?? null });
  } catch (error) {
    // Unknown for now (no connection): Turn on stays offered and says what went wrong when tapped.
    $push.set({ ...$push.get(), state: stateOf(null, null), error: problem(error, PUSH_WORDS.failed) });
  }
}

let checking: Promise<void> | null = null;

/** Reads this phone's state (the parts that show it call this when they appear); one read at a time. */
export function checkPush(): Promise<void> {
  checking ??= check().finally(() => {
    checking = null;
  });
  return checking;
}

/** This account's phones and "Also text me" again (the settings card). */
export const loadPushDevices = checkPush;

/** The service worker once it is active, or null when it is not within `ms` (still installing on a slow line). */
async function readyWithin(ms: number): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A base64url key as bytes, as pushManager.subscribe takes it everywhere. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether the subscription was made with `key` (a server whose key changed needs a new one). */
function madeWith(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options?.applicationServerKey;
  if (!own) return true;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/**
 * Turn on (only from a tap: the browser asks its question only then). Asks the permission first,
 * while the tap still counts, then subscribes this phone's worker with the server's key and sends
 * the subscription with a name for the phone.
 */
export async function enablePush(): Promise<Outcome> {
  if (!browserCanPush()) {
    $push.set({ ...$push.get(), state: 'unsupported' });
    return refused(PUSH_WORDS.unsupported);
  }
  const before = $push.get();
  // Before any await: a question asked after a network read may be refused for lack of a tap.
  const asked = Notification.permission === 'granted' ? Promise.resolve('granted') : Notification.requestPermission();
  $push.set({ ...before, state: 'busy', error: '' });
  const stop = (state: PushState, message: string): Outcome => {
    $push.set({ ...$push.get(), state, error: message });
    return refused(message);
  };
  let permission: string;
  try {
    permission = await asked;
  } catch {
    return stop('off', PUSH_WORDS.failed);
  }
  if (permission === 'denied') return stop('blocked', PUSH_WORDS.blocked);
  if (permission !== 'granted') return stop('off', PUSH_WORDS.notAllowed);
  // From here on, at most TURN_ON_WITHIN_MS: each wait is raced with what is left of it, and the
  // server's calls are aborted with it.
  const deadline = addTime(Date.now(), { ms: TURN_ON_WITHIN_MS });
  const controller = new AbortController();
  const left = () => Math.max(0, timeBetween(Date.now(), deadline));
  const inTime = <T>(step: GaveUp['step'], waiting: Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new GaveUp(step));
      }, left());
    });
    return Promise.race([waiting, late]).finally(() => clearTimeout(timer));
  };
  // Its own time-out a little later than the deadline: the deadline says it, in its words.
  const inServerTime = (): CallOptions => ({ token: token(), signal: controller.signal, timeoutMs: left() + 1_000 });
  try {
    const publicKey = await inTime('server', serverKey());
    if (!publicKey) return stop('unsupported', PUSH_WORDS.unsupported);
    const registration = await readyWithin(Math.min(READY_WITHIN_MS, left()));
    if (!registration) return stop('off', PUSH_WORDS.notReady);
    const applicationServerKey = keyBytes(publicKey);
    let subscription = await inTime('push service', registration.pushManager.getSubscription());
    if (subscription && !madeWith(subscription, applicationServerKey)) {
      await inTime('push service', subscription.unsubscribe());
      subscription = null;
    }
    subscription ??= await inTime(
      'push service',
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    );
    const { keys } = subscription.toJSON();
    const body = {
      endpoint: subscription.endpoint,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      device: deviceName(navigator.userAgent),
    };
    await inTime('server', call(subscribePush, { body }, inServerTime()));
    const devices = await inTime('server', call(pushDevices, {}, inServerTime())).catch(() => $push.get().devices);
    $push.set({ state: 'on', error: '', devices, endpoint: subscription.endpoint });
    return { ok: true, message: PUSH_WORDS.on };
  } catch (error) {
    // A refused subscription stays in the browser, harmless: the next Turn on sends it again.
    // One made after giving up too: nothing more is done with it.
    const state = before.state === 'on' ? 'on' : 'off';
    if (error instanceof GaveUp) {
      const silent = error.step === 'server' ? PUSH_WORDS.serverSilent : PUSH_WORDS.pushServiceSilent;
      return stop(state, `${silent} ${PUSH_WORDS.gaveUpNext}`);
    }
    return stop(state, problem(error, PUSH_WORDS.failed));
  } finally {
    controller.abort();
  }
}

/** Turn off: the server forgets this phone first (so nothing is sent to it), then the browser's subscription goes. */
export async function disablePush(): Promise<Outcome> {
  const before = $push.get();
  $push.set({ ...before, state: 'busy', error: '' });
  try {
    const subscription = await currentSubscription();
    if (subscription) {
      try {
        await call(unsubscribePush, { body: { endpoint: subscription.endpoint } }, { token: token() });
      } catch (error) {
        // Already not this account's: turning off still ends the browser's subscription.
        if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
      }
      await subscription.unsubscribe();
    }
    const devices = await readDevices().catch(() => $push.get().devices);
    $push.set({ state: 'off', error: '', devices, endpoint: null });
    return { ok: true, message: PUSH_WORDS.off };
  } catch (error) {
    const message = problem(error, 'Notifications could not be turned off. Please try again.');
    $push.set({ ...before, error: message });
    return refused(message);
  }
}

/** "Send a test notification" to this phone (the server limits how many an hour). */
export async function sendTestPush(): Promise<Outcome> {
  const endpoint = $push.get().endpoint;
  if (!endpoint) return refused(PUSH_WORDS.off);
  try {
    await call(sendTestRoute, { body: { endpoint } }, { token: token() });
    return { ok: true, message: PUSH_WORDS.testSent };
  } catch (error) {
    return failure(error);
  }
}

/**
 * Profile: one of the account's phones (a lost one) stops getting notifications. Already gone
 * (dropped from another phone, or the push service forgot it) counts as done.
 */
export async function dropPhone(id: number): Promise<Outcome> {
  try {
    await call(removePushDevice, { params: { id } }, { token: token() });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'not_found')) return failure(error);
  }
  const devices = await readDevices().catch(() => null);
  const current = $push.get();
  $push.set({
    ...current,
    devices:
      devices ??
      (current.devices && { ...current.devices, devices: current.devices.devices.filter((d) => d.id !== id) }),
  });
  return { ok: true, message: PUSH_WORDS.dropped };
}

/** "Also text me": texts go even when a phone showed the notification. */
export async function setAlsoText(alsoText: boolean): Promise<Outcome> {
  try {
    const saved = await call(setPushPreferences, { body: { alsoText } }, { token: token() });
    const devices = $push.get().devices;
    $push.setKey('devices', { devices: devices?.devices ?? [], alsoText: saved.alsoText });
    return { ok: true, message: saved.alsoText ? PUSH_WORDS.alsoTextOn : PUSH_WORDS.alsoTextOff };
  } catch (error) {
    return failure(error);
  }
}

// ---- Offers: "Not now" is remembered on this phone (a dismissed offer never comes back here).

export type PushOffer = 'jobs' | 'booking';
const OFFER_KEY = 'sc-push-offer-dismissed:';

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function offerDismissed(offer: PushOffer): boolean {
  try {
    return localStore()?.getItem(OFFER_KEY + offer) === '1';
  } catch {
    return false;
  }
}

export function dismissOffer(offer: PushOffer): void {
  try {
    localStore()?.setItem(OFFER_KEY + offer, '1');
  } catch {
    // Refused storage: the offer comes back next visit, which is all that is lost.
  }
  if (offer === 'booking') $pushOfferFor.set(null);
}

/** After a booking request has gone: offer notifications for the professional's answer (once per page). */
export function offerAfterBooking(professional: { name: string; id: number }): void {
  if (!offerDismissed('booking')) $pushOfferFor.set({ name: professional.name, id: professional.id });
}

/**
 * Signing out: this phone stops getting the account's notifications (another person may sign in on
 * it next). Best effort within `ms`: a subscription the server still holds fails at the push
 * service once the browser has dropped it, and the server forgets it then.
 */
export async function forgetPushOnSignOut(ms = 3_000): Promise<void> {
  if (!browserCanPush() || Notification.permission !== 'granted') return;
  const forget = async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await call(unsubscribePush, { body: { endpoint: subscription.endpoint } }, { token: token(), timeoutMs: ms }).catch(
      () => undefined,
    );
    await subscription.unsubscribe();
  };
  await forget().catch(() => undefined);
  $push.set({ state: 'off', error: '', devices: null, endpoint: null });
}

/** Tests: a fresh page. */
export function resetPushForTests(): void {
  key = null;
  checking = null;
  $push.set({ state: 'busy', error: '', devices: null, endpoint: null });
  $pushOfferFor.set(null);
}
