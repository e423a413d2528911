import webpush from 'web-push';
import { HOUR_MS, SECOND_MS } from '../../../contract/dates.ts';
import { pushToLocalService } from '../../../contract/dev.ts';
import { type BoundsOverrides, boundsFor, rethrowRefusal } from './bounds.ts';
import { type FetchLike, type ProviderAnswer, providerHttp } from './http-client.ts';
import type { ProviderGate } from './provider-observer.ts';

/**
 * Web Push delivery through the `web-push` library: the payload is encrypted for the
 * phone's keys (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292), then posted
 * to the phone's push service, which hands it to the phone's browser.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A fresh VAPID key pair (P-256), URL-safe base64 as browsers and `web-push` take them. */
export const newVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

/**
 * The push services browsers use, each by its exact host: Chrome and Android (FCM;
 * android.googleapis.com for subscriptions made before FCM), Firefox (Mozilla's autopush), Safari
 * on macOS and iOS (Apple's web push host). No other host is ever sent to
 * (docs/PRODUCT.md "Notifications on the phone"; why each host, in docs/SECURITY.md).
 */
const PUSH_SERVICE_HOSTS = new Set([
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
]);
/**
 * Edge on Windows subscribes at a regional Windows Notification Service host
 * (wns2-par02p.notify.windows.com, wns2-db5p…): one label, named "wns2-" and a region code, directly
 * under notify.windows.com; no deeper name, nothing else Microsoft serves there.
 */
const WINDOWS_PUSH_HOST = /^wns2-[a-z0-9]{1,20}\.notify\.windows\.com$/;

/**
 * The server's own push service (features/dev/push-service.ts), where phones point outside
 * production without VAPID keys: its origin as this process serves it (scheme, loopback host and
 * the port it listens on), known once it listens.
 */
export interface LocalPushService {
  origin: string;
  /** The push services of the other processes of a local setup of several (PUSH_LOCAL_ORIGINS). */
  otherOrigins?: readonly string[];
}

/** Where on the local push service a phone's channel is: `${LOCAL_PUSH_CHANNELS}{channel}`, one path segment. */
const LOCAL_PUSH_CHANNELS = pushToLocalService.path.slice(0, -':channel'.length);

/** The origin of the server listening on `host`:`port` (an IPv6 address in brackets). */
export const localPushOrigin = (host: string, port: number): string =>
  new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}`).origin;

/**
 * Whether the server may post to `endpoint`: a browser's push service over https, or, when
 * `localOnly` (the sandbox and tests), only the server's own push service, at its origin and below
 * its path. Any other address could turn the server into a messenger to, or a port scanner of,
 * whatever a caller names.
 */
export function allowedPushEndpoint(endpoint: string, localOnly: LocalPushService | false): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.username || url.password || url.hash) return false;
  if (localOnly) {
    const channel = url.pathname.startsWith(LOCAL_PUSH_CHANNELS) ? url.pathname.slice(LOCAL_PUSH_CHANNELS.length) : '';
    const ours = url.origin === localOnly.origin || !!localOnly.otherOrigins?.includes(url.origin);
    return ours && /^[^/]+$/.test(channel) && !url.search;
  }
  return (
    url.protocol === 'https:' &&
    !url.port &&
    (PUSH_SERVICE_HOSTS.has(url.hostname) || WINDOWS_PUSH_HOST.test(url.hostname))
  );
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
    localOnly: LocalPushService | false;
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
