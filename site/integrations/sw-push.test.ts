import { describe, expect, it } from 'vitest';
import { GENERIC_NOTICE, NOTIFICATION_ICON, noticeFor, sitePath, tapTarget } from '../sw/push.ts';

// The service worker's push handling (site/sw/push.ts): what a payload shows, and where a tap goes.

const payload = {
  title: 'New job request',
  body: 'Ama Mensah asks for a plumber on Tue 3 Mar at 9:00 AM.',
  url: '/professional-dashboard?tab=jobs',
  tag: 'booking-12',
  receipt: 'r_abc-123',
};

describe('noticeFor', () => {
  it('shows the payload with the app icon, its tag, and the screen and receipt as data', () => {
    expect(noticeFor(JSON.stringify(payload))).toEqual({
      title: payload.title,
      options: {
        body: payload.body,
        icon: NOTIFICATION_ICON,
        tag: 'booking-12',
        data: { url: '/professional-dashboard?tab=jobs', receipt: 'r_abc-123' },
      },
    });
  });

  it.each([
    ['no payload', null],
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '"hello"'],
    ['no title', JSON.stringify({ ...payload, title: '' })],
    ['another site as the screen', JSON.stringify({ ...payload, url: 'https://evil.example/x' })],
    ['a protocol-relative screen', JSON.stringify({ ...payload, url: '//evil.example/x' })],
  ])('shows the generic notice for %s (Chrome shows one for every push anyway)', (_what, text) => {
    const notice = noticeFor(text);
    expect(notice.title).toBe(GENERIC_NOTICE.title);
    expect(notice.options.body).toBe('ServiceConnect: open the app');
    expect(notice.options.data).toEqual({ url: '/dashboard', receipt: null });
  });

  it('shows a payload without a usable receipt, and reports nothing for it', () => {
    expect(noticeFor(JSON.stringify({ ...payload, receipt: 42 })).options.data.receipt).toBeNull();
  });
});

describe('sitePath and tapTarget', () => {
  it('keep a path on this site, with its query', () => {
    expect(sitePath('/customer-dashboard?tab=bookings')).toBe('/customer-dashboard?tab=bookings');
    expect(tapTarget({ url: '/professional-dashboard?tab=jobs' })).toBe('/professional-dashboard?tab=jobs');
  });

  it('refuse anything that could leave the site', () => {
    for (const url of ['https://evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)', 'x', 7])
      expect(sitePath(url), String(url)).toBeNull();
    expect(tapTarget({ url: '//evil.example/' })).toBe('/dashboard');
    expect(tapTarget(null)).toBe('/dashboard');
  });
});
