import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, contactSentPage, sendContactMessage } from '../../../../contract/contact.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { escapeMarkup } from '../../../../contract/markup.ts';
import { FORM_MESSAGES } from './form.ts';

// docs/PRODUCT.md "Support": the support page's form works with no script at all. A plain form
// post (application/x-www-form-urlencoded) to the same route takes the same checks, limits and
// rate limits as the JSON one; sent, it is redirected to a page with its reference (a reload sends
// nothing again); refused, the form comes back with every word kept and what is wrong beside its
// field, a 4xx and never a 5xx.

const FIELDS = {
  name: 'Ama Mensah',
  email: 'ama@example.com',
  phone: '0241234567',
  userType: 'customer',
  category: 'payment',
  subject: 'Payment not showing',
  message: 'I paid with MTN MoMo this morning but my plan is not active yet.',
};

describe('the support form posted without JavaScript', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  /** What a browser sends from our own page: the form encoded, with its origin and Sec-Fetch-Site. */
  const post = (fields: Record<string, string> | string, headers: Record<string, string> = {}) =>
    app.request(sendContactMessage.path, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: app.url,
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
  const stored = async () => Number((await app.db('contact_messages').count({ n: '*' }))[0].n);

  /** The page is a form again, with each field's words as typed. */
  function expectWordsKept(html: string, fields: Record<string, string>) {
    for (const [name, value] of Object.entries(fields)) {
      const control = new RegExp(`<(input|textarea|select)[^>]*name="${name}"[^>]*>`).exec(html);
      expect(control, name).not.toBeNull();
      const after = html.slice(control!.index);
      if (control![1] === 'textarea') expect(after).toContain(`>${escapeMarkup(value)}</textarea>`);
      else if (control![1] === 'select')
        expect(after.slice(0, after.indexOf('</select>'))).toContain(`value="${value}" selected`);
      else expect(control![0]).toContain(`value="${escapeMarkup(value)}"`);
    }
  }

  it('is sent, then redirected to a page with its reference, which only that browser gets', async () => {
    const sent = await post(FIELDS);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(contactSentPage.path);
    const cookie = sent.headers.getSetCookie().find((c) => c.startsWith('contact_sent='))!;
    const reference = /^contact_sent=([^;]+)/.exec(cookie)![1];
    expect(reference).toMatch(/^SUP-20261122-[2-9A-HJ-NP-Z]{6}$/);
    // Never in an address (history, logs, a Referer); never to a script or another site; not for long.
    expect(sent.headers.get('location')).not.toContain(reference);
    expect(cookie).toMatch(/; path=\/api\/contact\/sent/i);
    expect(cookie).toMatch(/; httponly/i);
    expect(cookie).toMatch(/; samesite=strict/i);
    expect(cookie).toMatch(/; expires=/i);
    expect(await app.db('contact_messages').where({ reference }).first()).toMatchObject({
      name: 'Ama Mensah',
      email: 'ama@example.com',
      phone: '0241234567',
      user_type: 'customer',
      category: 'payment',
      subject: 'Payment not showing',
      message: FIELDS.message,
      user_id: null,
    });

    const page = await app.request(contactSentPage.path, { headers: { cookie: `contact_sent=${reference}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-encoding')).toMatch(/^(br|gzip)$/); // compressed, as the site's pages
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(page.body).toContain('Message Sent Successfully!');
    expect(page.body).toContain(`<strong class="contact-reference">${reference}</strong>`);
    expect(page.body).toContain('We reply to messages within 24 hours.');
    expect(page.body).not.toContain('<script');
    // A reload of the answer sends nothing again.
    const before = await stored();
    expect((await app.request(contactSentPage.path, { headers: { cookie: `contact_sent=${reference}` } })).status).toBe(
      200,
    );
    expect(await stored()).toBe(before);

    // Another browser (no cookie), or a cookie that is no reference, sees no one's reference.
    const elsewhere = await app.request(contactSentPage.path);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toContain('No message to show');
    expect(elsewhere.body).not.toContain('SUP-');
    const forged = await app.request(contactSentPage.path, { headers: { cookie: 'contact_sent=<b>hi</b>' } });
    expect(forged.body).not.toContain('<b>hi</b>');
  });

  it('keeps letters beyond ASCII as typed, and files a message with no category or "I am a" under "other"', async () => {
    const words = 'Mepa wo kyɛw: ₵50 paid, Ɔbaa no nni hɔ — “urgent”';
    const sent = await post({
      name: 'Kwabena Ɔdeɛ',
      email: 'kb@example.com',
      userType: '',
      category: '',
      message: words,
    });
    expect(sent.status).toBe(303);
    const row = await app.db('contact_messages').where({ email: 'kb@example.com' }).first();
    expect(row).toMatchObject({ name: 'Kwabena Ɔdeɛ', message: words, category: 'other', user_type: null, phone: '' });
  });

  const refusals: [string, Record<string, string>, string, string][] = [
    ['a missing message', { ...FIELDS, message: '' }, 'message', CONTACT_MESSAGES.missing],
    ['a name of only spaces', { ...FIELDS, name: '   ' }, 'name', CONTACT_MESSAGES.missing],
    ['a subject too long', { ...FIELDS, subject: 's'.repeat(201) }, 'subject', 'Must be at most 200 characters'],
    ['a message too long', { ...FIELDS, message: 'm'.repeat(5001) }, 'message', 'Must be at most 5000 characters'],
    ['a bad email', { ...FIELDS, email: 'ama@' }, 'email', CONTACT_MESSAGES.invalidEmail],
    ['a phone that is not a Ghana number', { ...FIELDS, phone: '12345' }, 'phone', CONTACT_MESSAGES.invalidPhone],
  ];
  it.each(refusals)(
    'refuses %s: 400, the words kept, the problem beside its field, focus on it',
    async (_, fields, field, words) => {
      const before = await stored();
      const refused = await post(fields);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await stored()).toBe(before);
      expectWordsKept(refused.body, fields);
      expect(refused.body).toContain(
        `<p id="contact-${field}-error" class="field-error">${words.replaceAll('"', '&quot;')}</p>`,
      );
      const control = new RegExp(`<(?:input|textarea|select)[^>]*id="contact-${field}"[^>]*>`).exec(refused.body)![0];
      expect(control).toContain(`contact-${field}-error`); // aria-describedby names it
      expect(control).toContain('aria-invalid="true"');
      expect(control).toContain('autofocus');
      expect(refused.body.match(/autofocus/g)).toHaveLength(1);
    },
  );

  it('draws what was typed as text, never as markup', async () => {
    const refused = await post({
      ...FIELDS,
      name: '<script>alert(1)</script>',
      email: '"><img src=x onerror=alert(1)>',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).not.toContain('<script>alert(1)');
    expect(refused.body).not.toContain('<img src=x');
    expect(refused.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a Referer of another site, with no Origin', { origin: '', referer: 'https://evil.example/page' }],
  ])('refuses a form posted from another site (%s): 403, nothing sent, the words kept', async (_, headers) => {
    const before = await stored();
    const refused = await post(FIELDS, headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(FORM_MESSAGES.crossSite);
    expect(refused.body).toContain('role="alert"');
    expectWordsKept(refused.body, FIELDS);
    expect(await stored()).toBe(before);
  });

  it('refuses a body over 64 KB before parsing it: a 413 page, and the connection closed', async () => {
    const refused = await post({ ...FIELDS, message: 'é'.repeat(12_000) }); // 72 KB encoded
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.body).toContain(FORM_MESSAGES.tooLarge);
    expect(refused.body).toContain('aria-label="Contact support"');
  });

  it('refuses a chunked body that never ends at 64 KB, with a page', async () => {
    const { hostname, port } = new URL(app.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          hostname,
          port,
          method: 'POST',
          path: sendContactMessage.path,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const chunk = `message=${'x'.repeat(16 * 1024)}`;
      let sent = 0;
      const write = () => {
        while (sent < 1024 && req.write(chunk)) sent++;
        if (sent < 1024) req.once('drain', write);
      };
      write();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(FORM_MESSAGES.tooLarge);
  });

  it.each([
    ['a broken percent sign', 'name=Ama&email=ama%40example.com&message=50%zz off'],
    ['a cut UTF-8 character', 'name=Ama&email=ama%40example.com&message=%E2%82'],
    ['bytes a form never sends unencoded', Buffer.from([...Buffer.from('name=Ama&message='), 0xff, 0xfe])],
    ['a NUL character', 'name=Ama%00&email=ama%40example.com&message=hi'],
  ])('refuses a form it cannot read (%s): 400 page, never a 5xx', async (_, body) => {
    const refused = await app.request(sendContactMessage.path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body,
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.body).toContain(FORM_MESSAGES.unreadable);
  });

  it('counts form posts in the same hourly limits as the JSON ones, and says so with the words kept', async () => {
    // An email no other test here writes from: its hour starts empty.
    const mine = { ...FIELDS, email: 'kofi.limit@example.com' };
    for (let i = 0; i < 5; i++) expect((await post({ ...mine, subject: `Question ${i}` })).status).toBe(303);
    for (let i = 5; i < 10; i++)
      expect(
        (
          await app.request(sendContactMessage.path, {
            method: 'POST',
            json: { ...mine, email: 'KOFI.limit@example.com', subject: `Question ${i}` },
          })
        ).status,
      ).toBe(201);
    const eleventh = await post({ ...mine, subject: 'Question 11' });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(eleventh.body).toContain(
      'You have sent us 10 messages in the last hour. We will answer them; please wait before sending more.',
    );
    expectWordsKept(eleventh.body, { ...mine, subject: 'Question 11' });
    app.clock.advance(3600_000);
    expect((await post(mine)).status).toBe(303);
  });
});
