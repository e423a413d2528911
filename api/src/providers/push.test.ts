import { describe, expect, it } from 'vitest';
import { allowedPushEndpoint, localPushOrigin } from './push.ts';

// The addresses the server posts notifications to (docs/PRODUCT.md "Notifications on the phone").

describe('allowedPushEndpoint', () => {
  it('in production, takes the browsers’ push services by exact host, over https on its port', () => {
    const allowed = (endpoint: string) => allowedPushEndpoint(endpoint, false);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QOnGs0aZ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB',
    ])
      expect({ endpoint, allowed: allowed(endpoint) }).toEqual({ endpoint, allowed: true });
    for (const endpoint of [
      // Any other name under Apple's and Microsoft's push domains.
      'https://api.push.apple.com/3/device/abc',
      'https://evil.web.push.apple.com/x',
      'https://push.apple.com/x',
      'https://notify.windows.com/w/',
      'https://db5.notify.windows.com/?token=x',
      'https://a.wns2-par02p.notify.windows.com/w/',
      'https://wns2-par02p.notify.windows.com.example.com/w/',
      'https://fcm.googleapis.com.example.com/x',
      // Not https, another port, credentials.
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'http://127.0.0.1:3000/api/dev/push-service/x',
      'not a url',
    ])
      expect({ endpoint, allowed: allowed(endpoint) }).toEqual({ endpoint, allowed: false });
  });

  it('outside production without keys, takes only the server’s own push service: its origin, one channel below its path', () => {
    const local = { origin: localPushOrigin('127.0.0.1', 3210) };
    const allowed = (endpoint: string) => allowedPushEndpoint(endpoint, local);
    expect(allowed('http://127.0.0.1:3210/api/dev/push-service/phone-1')).toBe(true);
    for (const endpoint of [
      'http://127.0.0.1:3211/api/dev/push-service/phone-1',
      'http://127.0.0.1:22/',
      'http://localhost:3210/api/dev/push-service/phone-1',
      'http://[::1]:3210/api/dev/push-service/phone-1',
      'https://127.0.0.1:3210/api/dev/push-service/phone-1',
      'http://127.0.0.1:3210/api/auth/logout',
      'http://127.0.0.1:3210/api/dev/push-service/',
      'http://127.0.0.1:3210/api/dev/push-service/a/b',
      'http://127.0.0.1:3210/api/dev/push-service/../../auth/logout',
      'http://127.0.0.1:3210/api/dev/push-service/%2e%2e/mailbox',
      'http://127.0.0.1:3210/api/dev/push-service/x?y=1',
      'http://127.0.0.1:3210/api/dev/push-service/x#y',
      'http://me:pw@127.0.0.1:3210/api/dev/push-service/x',
      'https://fcm.googleapis.com/fcm/send/abc',
    ])
      expect({ endpoint, allowed: allowed(endpoint) }).toEqual({ endpoint, allowed: false });
    expect(localPushOrigin('::1', 80)).toBe('http://[::1]');
  });

  it('takes the push services of the other local processes its starter named, and no other port', () => {
    const local = { origin: localPushOrigin('127.0.0.1', 3870), otherOrigins: ['http://127.0.0.1:3871'] };
    const allowed = (endpoint: string) => allowedPushEndpoint(endpoint, local);
    expect(allowed('http://127.0.0.1:3870/api/dev/push-service/phone-1')).toBe(true);
    expect(allowed('http://127.0.0.1:3871/api/dev/push-service/phone-1')).toBe(true);
    expect(allowed('http://127.0.0.1:3872/api/dev/push-service/phone-1')).toBe(false);
    expect(allowed('http://127.0.0.1:3871/api/auth/logout')).toBe(false);
  });
});
