import { describe, expect, it } from 'vitest';
import { PUSH_DEVICES_MAX, PUSH_MESSAGES, PUSH_SHOWN_WITHIN_MS } from '../../../../contract/push.ts';
import { CHAT_PUSH_WAIT_MS } from '../../providers/notifier.ts';
import { bearer, listedProfessional, signUpAffiliate, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { deliverToPhones } from '../../../test/push-delivery.ts';
import { fakePhone } from '../../../test/push-phone.ts';
import { LOCAL_PUSH_PATH } from '../dev/push-service.ts';

// docs/PRODUCT.md "Notifications on the phone": each step someone must act on goes to
// their phones as an encrypted Web Push message through the local push service (a real receiver:
// it checks the VAPID signature), the service worker's receipt stops the text, dead phones go.
const MONDAY = '2026-11-23';

describe('notifications on the phone', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp({ push: true })));

  let serial = 0;
  /** A phone whose push address is the local push service, on channel `name`. */
  const phone = (name = `phone-${++serial}-${Date.now()}`) => ({
    name,
    ...fakePhone(`${app.url}${LOCAL_PUSH_PATH}/${name}`),
  });
  const subscribe = (token: string, device: ReturnType<typeof phone>) =>
    app.request('/api/push/subscriptions', {
      method: 'POST',
      json: { ...device.subscription, device: 'Chrome on Android' },
      headers: bearer(token),
    });
  const deliver = () => deliverToPhones(app);
  const received = async (device: ReturnType<typeof phone>) =>
    (await app.request(`${LOCAL_PUSH_PATH}/${device.name}`)).body.messages as { body: string }[];
  const textsTo = (userId: number) =>
    app.db('notifications').where({ user_id: userId, channel: 'sms' }).orderBy('id').select('subject', 'status');
  const book = (customer: { token: string }, professionalId: number, time = '09:00') =>
    app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId, date: MONDAY, time, description: 'Leaking kitchen tap' },
      headers: bearer(customer.token),
    });

  it('gives its public key, and a phone subscribes through the real push service shape', async () => {
    const key = await app.request('/api/push/key');
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    const device = phone();
    expect((await subscribe(pro.token, device)).status).toBe(201);
    const devices = await app.request('/api/push/devices', { headers: bearer(pro.token) });
    expect(devices.body).toMatchObject({ alsoText: false, devices: [{ device: 'Chrome on Android' }] });
    // "Download my data" names the phone, never its push address or keys.
    const exported = await app.request('/api/me/export', { headers: bearer(pro.token) });
    expect(exported.body.notificationPhones).toEqual([{ device: 'Chrome on Android', since: expect.any(String) }]);
    expect(JSON.stringify(exported.body)).not.toContain(device.subscription.keys.auth);
  });

  it('a new request reaches the professional’s phone encrypted for it; shown in time, no SMS goes', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    const device = phone();
    await subscribe(pro.token, device);
    const booking = await book(customer, pro.userId);
    expect(booking.status).toBe(201);

    await deliver();
    const [message] = await received(device);
    const payload = device.decrypt(message.body);
    expect(payload).toMatchObject({
      title: 'New booking request',
      body: 'Plumber, Mon 23 Nov 09:00',
      url: '/professional-dashboard?tab=jobs',
      tag: `booking-${booking.body.booking.id}`,
    });
    // No one's name on the lock screen.
    expect(JSON.stringify(payload)).not.toContain('Mensah');

    // The service worker says it showed it; the text waiting for it is not sent.
    expect((await app.request('/api/push/shown', { method: 'POST', json: { receipt: payload.receipt } })).status).toBe(
      204,
    );
    app.clock.set(new Date(app.clock.now().getTime() + PUSH_SHOWN_WITHIN_MS + 1000));
    await deliver();
    expect(await textsTo(pro.userId)).toEqual([{ subject: 'New booking request', status: 'skipped' }]);
  });

  it('the SMS goes when no phone showed the notification in time', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    await subscribe(pro.token, phone());
    await book(customer, pro.userId, '11:00');
    await deliver();
    expect(await textsTo(pro.userId)).toEqual([{ subject: 'New booking request', status: 'pending' }]);
    app.clock.set(new Date(app.clock.now().getTime() + PUSH_SHOWN_WITHIN_MS + 1000));
    await deliver();
    expect(await textsTo(pro.userId)).toEqual([{ subject: 'New booking request', status: 'sent' }]);
  });

  it('without a phone, or with "Also text me", the SMS goes at once', async () => {
    const customer = await signUpAndPay(app);
    const without = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    await book(customer, without.userId, '13:00');
    await deliver();
    expect(await textsTo(without.userId)).toEqual([{ subject: 'New booking request', status: 'sent' }]);

    const both = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    const device = phone();
    await subscribe(both.token, device);
    const set = await app.request('/api/push/preferences', {
      method: 'PUT',
      json: { alsoText: true },
      headers: bearer(both.token),
    });
    expect(set.body).toEqual({ alsoText: true });
    await book(customer, both.userId, '15:00');
    await deliver();
    expect(await textsTo(both.userId)).toEqual([{ subject: 'New booking request', status: 'sent' }]);
    expect(await received(device)).toHaveLength(1);
  });

  it('a phone the push service says is gone (410) is removed, and the text goes without waiting', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    await subscribe(pro.token, phone(`gone-${Date.now()}`));
    expect((await book(customer, pro.userId, '09:00')).status).toBe(201);
    await deliver();

    expect(await app.db('push_subscriptions').where({ user_id: pro.userId })).toEqual([]);
    await deliver();
    expect(await textsTo(pro.userId)).toEqual([{ subject: 'New booking request', status: 'sent' }]);
  });

  it('a chat message is pushed after a short wait, and not at all when the person read the chat', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    const device = phone();
    await subscribe(customer.token, device);
    const booking = (await book(customer, pro.userId, '09:00')).body.booking;
    const say = (body: string) =>
      app.request(`/api/bookings/${booking.id}/messages`, {
        method: 'POST',
        json: { body },
        headers: bearer(pro.token),
      });

    // Reading: the customer's chat asks for the messages after the message came.
    await say('I can come at 9.');
    await app.request(`/api/bookings/${booking.id}/messages`, { headers: bearer(customer.token) });
    app.clock.set(new Date(app.clock.now().getTime() + CHAT_PUSH_WAIT_MS + 1000));
    await deliver();
    expect(await received(device)).toEqual([]);

    // Away: a message a minute later reaches the phone.
    app.clock.set(new Date(app.clock.now().getTime() + 60_000));
    await say('I am on my way.');
    app.clock.set(new Date(app.clock.now().getTime() + CHAT_PUSH_WAIT_MS + 1000));
    await deliver();
    const [message] = await received(device);
    expect(device.decrypt(message.body)).toMatchObject({
      title: 'New message',
      url: '/customer-dashboard?tab=bookings',
    });
  });

  it('a booking from request to review sends 3 texts without phones, none when both phones show each step', async () => {
    // The figure of docs/BENCHMARKS.md "Texts per booking with notifications on phones": texts per booking,
    // without phones and with them.
    const textsForOneBooking = async (withPhones: boolean) => {
      app.clock.reset();
      const customer = await signUpAndPay(app);
      const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
      const phones = withPhones ? [phone(), phone()] : [];
      if (withPhones) {
        await subscribe(pro.token, phones[0]);
        await subscribe(customer.token, phones[1]);
      }
      const seen = new Set<string>();
      /** Delivers due messages, and each phone shows what reached it (its worker reports the receipt). */
      const step = async () => {
        await deliver();
        for (const device of phones) {
          for (const message of await received(device)) {
            const { receipt } = device.decrypt(message.body);
            if (seen.has(receipt)) continue;
            seen.add(receipt);
            await app.request('/api/push/shown', { method: 'POST', json: { receipt } });
          }
        }
      };
      const booking = (await book(customer, pro.userId, '10:00')).body.booking;
      await step();
      const act = (path: string, token: string, json?: unknown) =>
        app.request(`/api/bookings/${booking.id}/${path}`, { method: 'POST', json, headers: bearer(token) });
      expect((await act('accept', pro.token)).status).toBe(200);
      await step();
      app.clock.set(new Date(`${MONDAY}T12:30:00Z`)); // the job has started and ended
      expect((await act('complete', pro.token)).status).toBe(200);
      await step();
      expect((await act('done', customer.token)).status).toBe(200);
      expect((await act('review', customer.token, { rating: 5, comment: 'Quick and tidy.' })).status).toBe(200);
      // Past every wait: whatever text is still due goes now.
      app.clock.set(new Date(app.clock.now().getTime() + PUSH_SHOWN_WITHIN_MS + 1000));
      await step();
      const texts = await app
        .db('notifications')
        .whereIn('user_id', [customer.userId, pro.userId])
        .where({ channel: 'sms', status: 'sent' })
        .count({ n: '*' })
        .first();
      return Number(texts?.n);
    };
    expect(await textsForOneBooking(false)).toBe(3);
    expect(await textsForOneBooking(true)).toBe(0);
  });

  it('refuses a push address that is not a push service, and one that is too long, in plain words', async () => {
    const customer = await signUpAndPay(app);
    const device = phone();
    const elsewhere = { ...device.subscription, endpoint: 'http://10.0.0.5/collect' };
    const refused = await app.request('/api/push/subscriptions', {
      method: 'POST',
      json: elsewhere,
      headers: bearer(customer.token),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PUSH_MESSAGES.badEndpoint);
    const long = await app.request('/api/push/subscriptions', {
      method: 'POST',
      json: { ...device.subscription, endpoint: `${app.url}/${'a'.repeat(2000)}` },
      headers: bearer(customer.token),
    });
    expect(long.status).toBe(400);
    const malformed = await app.request('/api/push/subscriptions', {
      method: 'POST',
      body: '{"endpoint":',
      headers: { ...bearer(customer.token), 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('a phone turned on by another account moves to it, also when both ask at once', async () => {
    const [first, second] = await Promise.all([signUpAndPay(app), signUpAndPay(app)]);
    const device = phone();
    await subscribe(first.token, device);
    await subscribe(second.token, device);
    const owners = () =>
      app.db('push_subscriptions').where({ endpoint: device.subscription.endpoint }).pluck('user_id');
    expect((await owners()).map(Number)).toEqual([second.userId]);

    const shared = phone();
    const answers = await Promise.all([subscribe(first.token, shared), subscribe(second.token, shared)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const [owner] = await app
      .db('push_subscriptions')
      .where({ endpoint: shared.subscription.endpoint })
      .pluck('user_id');
    // One row, and it belongs to the account that answered last with its id.
    const ids = answers.map((a) => a.body.id);
    expect(ids[0]).toBe(ids[1]);
    expect([first.userId, second.userId]).toContain(Number(owner));
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} phones an account, dropping the one unused longest`, async () => {
    const customer = await signUpAndPay(app);
    const phones = Array.from({ length: PUSH_DEVICES_MAX + 1 }, () => phone());
    for (const [i, device] of phones.entries()) {
      app.clock.set(new Date(app.clock.now().getTime() + 1000 * (i + 1)));
      expect((await subscribe(customer.token, device)).status).toBe(201);
    }
    const { devices } = (await app.request('/api/push/devices', { headers: bearer(customer.token) })).body;
    expect(devices).toHaveLength(PUSH_DEVICES_MAX);
    expect(devices.map((d: { endpoint: string }) => d.endpoint)).not.toContain(phones[0].subscription.endpoint);
  });

  it('a test notification goes to this phone now; another account’s phone is not yours to test', async () => {
    const customer = await signUpAndPay(app);
    const other = await signUpAffiliate(app);
    const device = phone();
    await subscribe(customer.token, device);
    const test = await app.request('/api/push/test', {
      method: 'POST',
      json: { endpoint: device.subscription.endpoint },
      headers: bearer(customer.token),
    });
    expect(test.status).toBe(202);
    expect(device.decrypt((await received(device))[0].body)).toMatchObject({ body: PUSH_MESSAGES.testBody });
    const notYours = await app.request('/api/push/test', {
      method: 'POST',
      json: { endpoint: device.subscription.endpoint },
      headers: bearer(other.token),
    });
    expect(notYours.status).toBe(404);
  });

  it('turning a phone off removes it; a receipt nobody was given changes nothing', async () => {
    const customer = await signUpAndPay(app);
    const device = phone();
    await subscribe(customer.token, device);
    const off = await app.request('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: device.subscription.endpoint },
      headers: bearer(customer.token),
    });
    expect(off.status).toBe(204);
    expect((await app.request('/api/push/devices', { headers: bearer(customer.token) })).body.devices).toEqual([]);
    const guessed = await app.request('/api/push/shown', { method: 'POST', json: { receipt: 'not-a-receipt' } });
    expect(guessed.status).toBe(204);
    expect(await app.db('notifications').whereNotNull('shown_at').where({ receipt: 'not-a-receipt' })).toEqual([]);
  });
});

describe('the local push service', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp({ push: true })));

  it('refuses a message without the server’s VAPID signature, as a real push service does', async () => {
    const res = await app.request(`${LOCAL_PUSH_PATH}/someone`, {
      method: 'POST',
      body: 'hello',
      headers: { 'content-encoding': 'aes128gcm', ttl: '60', authorization: 'vapid t=a.b.c, k=nope' },
    });
    expect(res.status).toBe(403);
  });
});
