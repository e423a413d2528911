import webpush from 'web-push';
import { HOUR_MS, SECOND_MS } from '../../../contract/dates.ts';
import { type BoundsOverrides, boundsFor, rethrowRefusal } from './bounds.ts';
import { type FetchLike, type ProviderAnswer, providerHttp } from './http-client.ts';
import type { ProviderGate } from './provider-observer.ts';

/**
 * Web Push delivery (issue #30) through the `web-push` library: the payload is encrypted for the
 * phone's keys (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292), then posted
 * to the phone's push service, which hands it to the phone's browser.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A fresh VAPID key pair (P-256), URL-safe base64 as browsers and `web-push` take them. */
export const newVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

/** The push services browsers use (Chrome, Firefox, Safari, Edge); no other host is ever sent to. */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether the server may post to `endpoint`: a browser's push service over https, or, when
 * `localOnly` (the sandbox and tests), only a push service on this machine. Anything else could
 * turn the server into a messenger to any address a caller names.
 */
export function allowedPushEndpoint(endpoint: string, localOnly: boolean): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.username || url.password) return false;
  if (localOnly) return (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.has(url.hostname);
  return url.protocol === 'https:' && !url.port && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

/** The phone is gone (404/410 from its push service): its subscription is removed, nothing is retried. */
export class PushGoneError extends Error {}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<void>;
  /** The push services' circuit and concurrency cap, as the outbox reads them. */
  readonly gate?: ProviderGate;
}

/** Hours a push service keeps a notification for a phone that is off, before dropping it. */
const PUSH_TTL_SECONDS = (4 * HOUR_MS) / SECOND_MS;

export function webPushSender(
  options: {
    keys: VapidKeys;
    subject: string;
    localOnly: boolean;
    fetch?: FetchLike;
  } & BoundsOverrides,
): PushSender {
  const http = providerHttp({ ...boundsFor('push', options), fetch: options.fetch });
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.keys.publicKey,
    privateKey: options.keys.privateKey,
  };
  return {
    gate: http.bounds.gate,
    async send(target, payload) {
      if (!allowedPushEndpoint(target.endpoint, options.localOnly)) {
        throw new PushGoneError('push address not allowed here');
      }
      // The library encrypts and signs; fetch posts it, so a push service on this machine may be plain http.
      const request = webpush.generateRequestDetails(target, payload, {
        vapidDetails,
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
      let response: ProviderAnswer;
      try {
        response = await http.request(request.endpoint, {
          method: request.method as 'POST',
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
        });
      } catch (err) {
        rethrowRefusal(err);
        throw new Error(`push service could not be reached: ${(err as Error).message}`);
      }
      if (response.status === 404 || response.status === 410) {
        throw new PushGoneError(`push service answered ${response.status}: the phone is gone`);
      }
      if (response.status < 200 || response.status > 299) throw new Error(`push service answered ${response.status}`);
    },
  };
}
