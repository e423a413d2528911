import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDevices } from '../../../contract/push.ts';
import {
  $push,
  $pushOfferFor,
  checkPush,
  disablePush,
  dismissOffer,
  dropPhone,
  enablePush,
  forgetPushOnSignOut,
  keyBytes,
  offerAfterBooking,
  offerDismissed,
  PUSH_WORDS,
  pushSupported,
  TURN_ON_WITHIN_MS,
  resetPushForTests,
  sendTestPush,
  setAlsoText,
} from './push.ts';
import { MapStorage } from './map-storage.test-helper.ts';
import { $session } from './session.ts';

// The push store at its boundaries: fetch (the API), and the browser's Notification, service
// worker registration and PushManager (faked here as a phone would answer).

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example/send/abc';
const devices = (endpoints: string[], alsoText = false): PushDevices => ({
  devices: endpoints.map((endpoint, i) => ({
    id: i + 1,
    device: 'Chrome on Android',
    endpoint,
    createdAt: '',
    lastUsedAt: '',
  })),
  alsoText,
});

const calls: { url: string; method: string; body: unknown }[] = [];
/** 'silent': the request is never answered (until the caller aborts it). */
type Answer = { status: number; body?: unknown } | 'offline' | 'silent';
let answers: Record<string, Answer[]> = {};

function answersFor(route: string, ...list: Answer[]) {
  answers[route] = list;
}

beforeEach(() => {
  calls.length = 0;
  answers = {};
  resetPushForTests();
  $session.set({ status: 'signed-in', token: 'tok', user: null });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers[`${method} ${url}`]?.shift();
    if (!next) throw new Error(`unexpected ${method} ${url}`);
    if (next === 'offline') throw new TypeError('Failed to fetch');
    if (next === 'silent')
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), { status: next.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A phone: permission as given (and what the question answers), a worker, and its PushManager. */
function phone(options: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
  /** The push service cannot be reached: subscribe never settles. */
  pushServiceSilent?: boolean;
}) {
  let current: { endpoint: string; unsubscribe: () => Promise<boolean>; toJSON: () => PushSubscriptionJSON } | null =
    null;
  const subscription = () => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: keyBytes(KEY).buffer, userVisibleOnly: true },
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BPub', auth: 'secret' } }),
  });
  if (options.subscribed) current = subscription();
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      if (options.pushServiceSilent) return new Promise<never>(() => undefined);
      current = subscription();
      return current;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('navigator', {
    userAgent:
      'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    serviceWorker: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, notification, current: () => current };
}

describe('checking this phone', () => {
  it('is unsupported without the Push API, yet lists the account’s phones (a lost one can be removed from here)', async () => {
    vi.stubGlobal('navigator', { userAgent: 'old', serviceWorker: {} });
    vi.stubGlobal('Notification', { permission: 'default' });
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
    answersFor('GET /api/push/devices', { status: 200, body: devices(['https://push.example/other']) });
    await checkPush();
    expect($push.get()).toMatchObject({ state: 'unsupported', devices: devices(['https://push.example/other']) });
    expect(await pushSupported()).toBe(false);
    // Signed out: nothing is asked.
    calls.length = 0;
    $session.set({ status: 'signed-out', token: null, user: null });
    await checkPush();
    expect($push.get()).toMatchObject({ state: 'unsupported', devices: null });
    expect(calls).toEqual([]);
  });

  it('is unsupported when the server sends no notifications (no key)', async () => {
    phone({});
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: null } });
    await checkPush();
    expect($push.get().state).toBe('unsupported');
    expect(await pushSupported()).toBe(false);
  });

  it('is on when this phone’s subscription is one of the account’s phones; off when another account has it', async () => {
    phone({ permission: 'granted', subscribed: true });
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
    answersFor('GET /api/push/devices', { status: 200, body: devices([ENDPOINT, 'https://push.example/other']) });
    await checkPush();
    expect($push.get()).toMatchObject({ state: 'on', endpoint: ENDPOINT, error: '' });
    expect(await pushSupported()).toBe(true);

    answersFor('GET /api/push/devices', { status: 200, body: devices(['https://push.example/other']) });
    await checkPush();
    expect($push.get().state).toBe('off');
  });

  it('is blocked when the browser’s permission is denied', async () => {
    phone({ permission: 'denied' });
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
    answersFor('GET /api/push/devices', { status: 200, body: devices([]) });
    await checkPush();
    expect($push.get().state).toBe('blocked');
  });

  it('without a connection, stays off with the connection’s words, and reads the key again next time', async () => {
    phone({});
    answersFor('GET /api/push/key', 'offline', { status: 200, body: { publicKey: KEY } });
    answersFor('GET /api/push/devices', { status: 200, body: devices([]) });
    await checkPush();
    expect($push.get().state).toBe('off');
    expect($push.get().error).toMatch(/Unable to connect/);
    await checkPush();
    expect($push.get()).toMatchObject({ state: 'off', error: '' });
  });
});

describe('enablePush', () => {
  it('asks, subscribes with the server’s key and sends the subscription with the phone’s name', async () => {
    const { pushManager, notification } = phone({});
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
    answersFor('POST /api/push/subscriptions', { status: 201, body: { id: 7 } });
    answersFor('GET /api/push/devices', { status: 200, body: devices([ENDPOINT]) });
    const outcome = await enablePush();
    expect(outcome).toEqual({ ok: true, message: PUSH_WORDS.on });
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/push/subscriptions',
      method: 'POST',
      body: { endpoint: ENDPOINT, keys: { p256dh: 'BPub', auth: 'secret' }, device: 'Chrome on Android' },
    });
    expect($push.get()).toMatchObject({ state: 'on', endpoint: ENDPOINT, devices: devices([ENDPOINT]) });
  });

  it('asks the question before any network read (the tap must still count)', async () => {
    const { notification } = phone({});
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
    answersFor('POST /api/push/subscriptions', { status: 201, body: { id: 7 } });
    answersFor('GET /api/push/devices', { status: 200, body: devices([ENDPOINT]) });
    const pending = enablePush();
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
    expect($push.get().state).toBe('busy');
    await pending;
  });

  it('denied: blocked, in the words that say where to change it; nothing subscribed', async () => {
    const { pushManager } = phone({ answer: 'denied' });
    const outcome = await enablePush();
    expect(outcome).toMatchObject({
      ok: false,
      message: 'Notifications are blocked for this site in the browser settings.',
    });
    expect($push.get()).toMatchObject({ state: 'blocked', error: PUSH_WORDS.blocked });
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('question closed without an answer: off, saying how to try again', async () => {
    phone({ answer: 'default' });
    expect(await enablePush()).toMatchObject({ ok: false, message: PUSH_WORDS.notAllowed });
    expect($push.get().state).toBe('off');
  });

  it('a refusal by the server: off, with the server’s words', async () => {
    phone({ permission: 'granted' });
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
    answersFor('POST /api/push/subscriptions', {
      status: 400,
      body: { success: false, message: 'This phone’s browser gave a push address we do not send to.' },
    });
    expect(await enablePush()).toMatchObject({
      ok: false,
      message: 'This phone’s browser gave a push address we do not send to.',
    });
    expect($push.get()).toMatchObject({
      state: 'off',
      error: 'This phone’s browser gave a push address we do not send to.',
    });
  });

  describe('gives up after 20 s, in words, with the way on', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    /** Turn on, tapped; resolves when it has ended, and says whether it had by `ms`. */
    async function turnOnFor(ms: number) {
      let ended = false;
      const outcome = enablePush().finally(() => {
        ended = true;
      });
      await vi.advanceTimersByTimeAsync(ms);
      return { ended: () => ended, outcome };
    }

    it('the push service never answers the subscription: off after 20 s, nothing sent to the server', async () => {
      phone({ pushServiceSilent: true });
      answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
      const run = await turnOnFor(TURN_ON_WITHIN_MS - 1);
      expect(run.ended()).toBe(false);
      expect($push.get().state).toBe('busy');
      await vi.advanceTimersByTimeAsync(1);
      expect(run.ended()).toBe(true);
      const message = `${PUSH_WORDS.pushServiceSilent} ${PUSH_WORDS.gaveUpNext}`;
      expect(await run.outcome).toEqual({ ok: false, message, fields: {} });
      expect(message).toBe(
        'Notifications could not be turned on: this phone’s notification service did not answer within 20 seconds. A text message still comes when a booking needs you and no phone of yours showed it. Tap Try again, on a better connection if you can.',
      );
      expect($push.get()).toMatchObject({ state: 'off', error: message });
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    });

    it('the server never answers: off after 20 s, its call abandoned', async () => {
      phone({ permission: 'granted' });
      answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
      answersFor('POST /api/push/subscriptions', 'silent');
      const run = await turnOnFor(TURN_ON_WITHIN_MS);
      expect(run.ended()).toBe(true);
      expect(await run.outcome).toMatchObject({
        ok: false,
        message: `${PUSH_WORDS.serverSilent} ${PUSH_WORDS.gaveUpNext}`,
      });
      expect($push.get().state).toBe('off');
    });

    it('Try again, once the push service answers, turns them on', async () => {
      const { pushManager } = phone({ pushServiceSilent: true });
      answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
      await (await turnOnFor(TURN_ON_WITHIN_MS)).outcome;
      pushManager.subscribe.mockImplementation(async () => ({
        endpoint: ENDPOINT,
        options: { applicationServerKey: keyBytes(KEY).buffer, userVisibleOnly: true },
        unsubscribe: async () => true,
        toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BPub', auth: 'secret' } }),
      }));
      answersFor('POST /api/push/subscriptions', { status: 201, body: { id: 7 } });
      answersFor('GET /api/push/devices', { status: 200, body: devices([ENDPOINT]) });
      expect(await (await turnOnFor(0)).outcome).toEqual({ ok: true, message: PUSH_WORDS.on });
      expect($push.get()).toMatchObject({ state: 'on', error: '' });
    });
  });

  it('a subscription made with an older key is replaced', async () => {
    const { pushManager, current } = phone({ permission: 'granted', subscribed: true });
    const old = current()!;
    (old as unknown as { options: { applicationServerKey: ArrayBuffer } }).options.applicationServerKey =
      new Uint8Array([1, 2, 3]).buffer;
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
    answersFor('POST /api/push/subscriptions', { status: 201, body: { id: 7 } });
    answersFor('GET /api/push/devices', { status: 200, body: devices([ENDPOINT]) });
    await enablePush();
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
  });
});

describe('disablePush, sendTestPush, setAlsoText', () => {
  async function on() {
    const fake = phone({ permission: 'granted', subscribed: true });
    answersFor('GET /api/push/key', { status: 200, body: { publicKey: KEY } });
    answersFor('GET /api/push/devices', { status: 200, body: devices([ENDPOINT]) });
    await checkPush();
    calls.length = 0;
    return fake;
  }

  it('turning off tells the server first, then ends the browser’s subscription', async () => {
    const fake = await on();
    const subscription = fake.current()!;
    answersFor('DELETE /api/push/subscriptions', { status: 204 });
    answersFor('GET /api/push/devices', { status: 200, body: devices([]) });
    expect(await disablePush()).toEqual({ ok: true, message: PUSH_WORDS.off });
    expect(calls[0]).toEqual({ url: '/api/push/subscriptions', method: 'DELETE', body: { endpoint: ENDPOINT } });
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    expect($push.get()).toMatchObject({ state: 'off', endpoint: null });
  });

  it('turning off without a connection keeps it on (the server would still send) and says why', async () => {
    const fake = await on();
    answersFor('DELETE /api/push/subscriptions', 'offline');
    expect((await disablePush()).ok).toBe(false);
    expect(fake.current()!.unsubscribe).not.toHaveBeenCalled();
    expect($push.get()).toMatchObject({ state: 'on' });
    expect($push.get().error).toMatch(/Unable to connect/);
  });

  it('a test goes to this phone’s address; the server’s limit is said in its words', async () => {
    await on();
    answersFor(
      'POST /api/push/test',
      { status: 202 },
      { status: 429, body: { success: false, message: 'You can send 5 test notifications an hour. Try again later.' } },
    );
    expect(await sendTestPush()).toEqual({ ok: true, message: PUSH_WORDS.testSent });
    expect(calls[0]).toEqual({ url: '/api/push/test', method: 'POST', body: { endpoint: ENDPOINT } });
    expect(await sendTestPush()).toMatchObject({
      ok: false,
      message: 'You can send 5 test notifications an hour. Try again later.',
    });
  });

  it('"Also text me" is saved and kept with the devices', async () => {
    await on();
    answersFor('PUT /api/push/preferences', { status: 200, body: { alsoText: true } });
    expect(await setAlsoText(true)).toEqual({ ok: true, message: PUSH_WORDS.alsoTextOn });
    expect(calls[0]).toEqual({ url: '/api/push/preferences', method: 'PUT', body: { alsoText: true } });
    expect($push.get().devices?.alsoText).toBe(true);
  });

  it('removes another phone of the account; one already gone counts as removed; a failure says why', async () => {
    await on();
    answersFor(
      'DELETE /api/push/devices/2',
      { status: 204 },
      { status: 404, body: { success: false, code: 'not_found' } },
    );
    answersFor('GET /api/push/devices', { status: 200, body: devices([ENDPOINT]) }, 'offline');
    expect(await dropPhone(2)).toEqual({ ok: true, message: PUSH_WORDS.dropped });
    expect(calls[0]).toEqual({ url: '/api/push/devices/2', method: 'DELETE', body: undefined });
    expect($push.get().devices?.devices.map((d) => d.endpoint)).toEqual([ENDPOINT]);
    expect(await dropPhone(2)).toEqual({ ok: true, message: PUSH_WORDS.dropped });
    answersFor('DELETE /api/push/devices/1', 'offline');
    expect(await dropPhone(1)).toMatchObject({ ok: false, message: expect.stringMatching(/Unable to connect/) });
    expect($push.get()).toMatchObject({ state: 'on' });
  });

  it('signing out removes this phone from the account and ends its subscription', async () => {
    const fake = await on();
    const subscription = fake.current()!;
    answersFor('DELETE /api/push/subscriptions', { status: 401, body: { success: false, message: 'ended' } });
    await forgetPushOnSignOut();
    expect(calls[0]).toMatchObject({ method: 'DELETE', body: { endpoint: ENDPOINT } });
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    expect($push.get().state).toBe('off');
  });
});

describe('offers', () => {
  it('the booking offer names the professional until "Not now", which this phone remembers', () => {
    vi.stubGlobal('localStorage', new MapStorage());
    offerAfterBooking({ name: 'Kofi Mensah', id: 7 });
    expect($pushOfferFor.get()).toEqual({ name: 'Kofi Mensah', id: 7 });
    dismissOffer('booking');
    expect($pushOfferFor.get()).toBeNull();
    expect(offerDismissed('booking')).toBe(true);
    expect(offerDismissed('jobs')).toBe(false);
    offerAfterBooking({ name: 'Yaw Boateng', id: 8 });
    expect($pushOfferFor.get()).toBeNull();
  });
});
