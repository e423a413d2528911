import type { PushPayload } from '../../contract/push.ts';

/**
 * What the service worker makes of a push (docs/PRODUCT.md "Notifications on the
 * phone"). Plain functions, so they are tested without a worker (site/integrations/sw-push.test.ts).
 */

/** The app's own icon (site/integrations/app-manifest.ts draws it; the worker precaches it). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';

/**
 * Shown when a push carries no payload we can read. Chrome requires a notification for every push
 * (userVisibleOnly), and shows its own "This site has been updated in the background" otherwise.
 */
export const GENERIC_NOTICE = { title: 'ServiceConnect', body: 'ServiceConnect: open the app', url: '/dashboard' };

export interface Notice {
  title: string;
  options: NotificationOptions & { data: { url: string; receipt: string | null } };
}

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * A path on this site, or null: only "/…" (never "//host", "/\host", a scheme or another origin),
 * so a payload can never send a tap to another site.
 */
export function sitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  try {
    const url = new URL(value, 'https://site.invalid');
    return url.origin === 'https://site.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

type Fields = Partial<Record<keyof PushPayload, unknown>>;

/** The push's JSON object, or null (no payload, not JSON, not an object). */
function fieldsOf(text: string | null): Fields | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Fields) : null;
  } catch {
    return null;
  }
}

/** The notification for a push's text (null: no payload), the generic one when it is not a PushPayload. */
export function noticeFor(text: string | null): Notice {
  const payload = fieldsOf(text);
  const url = sitePath(payload?.url);
  if (!payload || !isText(payload.title, 200) || typeof payload.body !== 'string' || !url)
    return {
      title: GENERIC_NOTICE.title,
      options: {
        body: GENERIC_NOTICE.body,
        icon: NOTIFICATION_ICON,
        tag: 'generic',
        data: { url: GENERIC_NOTICE.url, receipt: null },
      },
    };
  return {
    title: payload.title,
    options: {
      body: payload.body.slice(0, 1000),
      icon: NOTIFICATION_ICON,
      ...(isText(payload.tag, 200) && { tag: payload.tag }),
      data: { url, receipt: isText(payload.receipt, 64) ? payload.receipt : null },
    },
  };
}

/** Where a tap on a notification with this `data` goes: a path on this site, the dashboard otherwise. */
export const tapTarget = (data: unknown): string =>
  sitePath((data as { url?: unknown } | null | undefined)?.url) ?? GENERIC_NOTICE.url;
