import * as z from 'zod/mini';
import type { OkAnswer } from './api.ts';
import { lengthFirst } from './bounded.ts';
import { MINUTE_MS } from './dates.ts';
import { json, route } from './route.ts';

/**
 * Web Push (issue #30; docs/PRODUCT.md "Notifications on the phone"): a notification on the phone,
 * free, for each booking step that needs someone to act, with a text message only where no phone
 * of that person showed it in time.
 *
 * Routes (all but `shown` need a signed-in account):
 * - GET    /api/push/key            → PushKey: the server's public VAPID key, null when push is off.
 * - GET    /api/push/devices        → PushDevices: this account's phones and its "Also text me".
 * - DELETE /api/push/devices/:id    → 204: one of this account's phones (a lost one) stops; 404 for another's.
 * - POST   /api/push/subscriptions  PushSubscriptionInput → 201 { id }: this phone gets notifications,
 *   until this sign-in ends (signing out here, a password reset).
 * - DELETE /api/push/subscriptions  { endpoint } → 204: this phone stops.
 * - POST   /api/push/test           { endpoint } → 202: a test notification to this phone.
 * - PUT    /api/push/preferences    { alsoText } → PushPreferences.
 * - POST   /api/push/shown          { receipt } → 204: the service worker showed a notification
 *   (the receipt in its payload is the proof; no session, as a worker has none).
 */

/** Phones one account may have notifications on; a new one beyond replaces the one unused longest. */
export const PUSH_DEVICES_MAX = 10;
/** How long a step waits for a phone to say it showed the notification before the text goes instead. */
export const PUSH_SHOWN_WITHIN_MS = 3 * MINUTE_MS;
/** Test notifications an account may send itself in an hour. */
export const PUSH_TESTS_PER_HOUR = 5;

/** What the service worker receives (encrypted): only what a lock screen may show. */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen a tap opens, on this site (a path). */
  url: string;
  /** One notification per subject: a newer one with the same tag replaces it on the phone. */
  tag: string;
  /** Proof for POST /api/push/shown that this notification was shown. */
  receipt: string;
}

/** An https address (http only for a push service on this machine, in tests), parsed once its length is bounded. */
const pushEndpoint = () =>
  z.string().check(
    lengthFirst(1000, 'This phone’s push address is too long.'),
    z.refine(
      (value) => /^https?:$/.test(URL.parse(value)?.protocol ?? ''),
      'This phone’s push address is not a web address.',
    ),
  );

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpoint(),
  keys: z.object({
    p256dh: z.string().check(lengthFirst(200, 'This phone’s push key is too long.'), z.regex(/^[A-Za-z0-9_-]+=*$/)),
    auth: z.string().check(lengthFirst(100, 'This phone’s push secret is too long.'), z.regex(/^[A-Za-z0-9_-]+=*$/)),
  }),
  /** A name for the phone in the settings ("Chrome on Android"), from the browser. */
  device: z.optional(z.string().check(lengthFirst(80, 'The device name is too long.'))),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: pushEndpoint() });

export const pushPreferencesSchema = z.object({ alsoText: z.boolean() });
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const pushShownSchema = z.object({
  receipt: z.string().check(lengthFirst(64, 'Unknown receipt.'), z.regex(/^[A-Za-z0-9_-]+$/)),
});

export interface PushKey {
  publicKey: string | null;
}

export interface PushDevice {
  id: number;
  /** What the browser is and runs on ("Chrome on Android"), as it said when turned on. */
  device: string;
  endpoint: string;
  /** When it was turned on (ISO). */
  createdAt: string;
  /** When it was turned on again, or last showed a notification (ISO). */
  lastUsedAt: string;
}

export interface PushDevices {
  devices: PushDevice[];
  alsoText: boolean;
}

export const PUSH_MESSAGES = {
  off: 'Notifications on the phone are not set up on this server.',
  badEndpoint: 'This phone’s browser gave a push address we do not send to.',
  unknownDevice: 'This phone does not get notifications from this account.',
  gone: 'This phone no longer gets notifications (the browser forgot it). Turn them on again.',
  serviceDown: 'The phone’s notification service did not answer. Please try again in a minute.',
  tooManyTests: `You can send ${PUSH_TESTS_PER_HOUR} test notifications an hour. Try again later.`,
  testTitle: 'ServiceConnect',
  testBody: 'Notifications work on this phone.',
} as const;

export const PUSH_PATHS = {
  key: '/api/push/key',
  devices: '/api/push/devices',
  device: '/api/push/devices/:id',
  subscriptions: '/api/push/subscriptions',
  test: '/api/push/test',
  preferences: '/api/push/preferences',
  shown: '/api/push/shown',
} as const;

/** POST /api/push/subscriptions (201): this phone's subscription. */
export interface PushSubscribedAnswer {
  id: number;
}

export const pushKey = route({
  method: 'GET',
  path: '/api/push/key',
  caller: 'anyone',
  answer: json<PushKey>(),
  summary: 'The server’s public VAPID key, or null when notifications on the phone are off.',
});

export const pushDevices = route({
  method: 'GET',
  path: '/api/push/devices',
  caller: 'signed-in',
  answer: json<PushDevices>(),
  summary: 'The phones this account gets notifications on, and its “Also text me”.',
});

/** A lost phone gets nothing more; 404 for another account's. */
export const removePushDevice = route({
  method: 'DELETE',
  path: '/api/push/devices/:id',
  caller: 'signed-in',
  answer: json<null>(),
  status: 204,
  summary: 'One of this account’s phones stops getting notifications.',
});

export const subscribePush = route({
  method: 'POST',
  path: '/api/push/subscriptions',
  body: pushSubscriptionSchema,
  caller: 'signed-in',
  answer: json<PushSubscribedAnswer>(),
  status: 201,
  summary: 'This phone gets notifications until this sign-in ends.',
});

/** DELETE with a body: a push address is too long for a path. */
export const unsubscribePush = route({
  method: 'DELETE',
  path: '/api/push/subscriptions',
  body: pushEndpointSchema,
  caller: 'signed-in',
  answer: json<null>(),
  status: 204,
  summary: 'This phone stops getting notifications.',
});

export const sendTestPush = route({
  method: 'POST',
  path: '/api/push/test',
  body: pushEndpointSchema,
  caller: 'signed-in',
  answer: json<OkAnswer>(),
  status: 202,
  summary: 'A test notification to this phone.',
});

export const setPushPreferences = route({
  method: 'PUT',
  path: '/api/push/preferences',
  body: pushPreferencesSchema,
  caller: 'signed-in',
  answer: json<PushPreferences>(),
  summary: 'Whether a text message goes too, even when a phone showed the notification.',
});

/** From the service worker, which has no session: the receipt in the payload is the proof. */
export const pushShown = route({
  method: 'POST',
  path: '/api/push/shown',
  body: pushShownSchema,
  caller: 'anyone',
  answer: json<null>(),
  status: 204,
  summary: 'The service worker showed a notification, so no text message goes instead.',
});
