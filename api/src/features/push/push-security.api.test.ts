import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../../../contract/push.ts';
import { bearer, listedProfessional, signUpAndPay } from '../../../test/accounts.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { deliverToPhones } from '../../../test/push-delivery.ts';
import { fakePhone } from '../../../test/push-phone.ts';
import { LOCAL_PUSH_PATH } from '../dev/push-service.ts';

// The outside review's findings on phones (docs/PRODUCT.md "Notifications on the phone"): outside production
// the server sends only to its own push service, not to any port of this machine a caller names;
// a phone's notifications end with the sign-in that turned them on, and every phone's with a
// password reset; the Profile lists the account's phones and drops a lost one.

const MONDAY = '2026-11-23';

describe('phones and their notifications, securely', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp({ push: true })));

  /** Another service on this machine: it counts what reaches it, and answers as a push service would. */
  let bystander: Server;
  let bystanderHits = 0;
  let bystanderUrl = '';
  beforeAll(async () => {
    bystander = createServer((req, res) => {
      bystanderHits++;
      req.resume();
      res.writeHead(201).end();
    }).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => bystander.once('listening', resolve));
    bystanderUrl = `http://127.0.0.1:${(bystander.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => bystander.close(() => resolve())));

  let serial = 0;
  const phone = (name = `secure-${++serial}-${Date.now()}`) => ({
    name,
    ...fakePhone(`${app.url}${LOCAL_PUSH_PATH}/${name}`),
  });
  const subscribe = (token: string, device: ReturnType<typeof phone>, name = 'Chrome on Android') =>
    app.request('/api/push/subscriptions', {
      method: 'POST',
      json: { ...device.subscription, device: name },
      headers: bearer(token),
    });
  const phonesOf = async (token: string) =>
    (await app.request('/api/push/devices', { headers: bearer(token) })).body.devices as {
      id: number;
      device: string;
      endpoint: string;
      createdAt: string;
      lastUsedAt: string;
    }[];
  const received = async (device: ReturnType<typeof phone>) =>
    (await app.request(`${LOCAL_PUSH_PATH}/${device.name}`)).body.messages as { body: string }[];
  const deliver = () => deliverToPhones(app);
  const signIn = async (email: string, password: string) => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      json: { loginMethod: 'email', email, password },
    });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const book = (token: string, professionalId: number, time: string) =>
    app.request('/api/bookings', {
      method: 'POST',
      json: { professionalId, date: MONDAY, time, description: 'Leaking kitchen tap' },
      headers: bearer(token),
    });

  it('takes only the server’s own push service outside production: another port or path on this machine is refused in words', async () => {
    const customer = await signUpAndPay(app);
    const keys = phone().subscription.keys;
    const port = new URL(app.url).port;
    const elsewhere = [
      `${bystanderUrl}${LOCAL_PUSH_PATH}/probe`, // another port: the port oracle
      `${bystanderUrl}/anything`,
      `http://127.0.0.1:22/`,
      `${app.url}/api/auth/logout`, // the server itself, not its push service
      `${app.url}${LOCAL_PUSH_PATH}/a/b`,
      `${app.url}${LOCAL_PUSH_PATH}/probe?x=1`,
      `${app.url}${LOCAL_PUSH_PATH}/`,
      `http://user:secret@127.0.0.1:${port}${LOCAL_PUSH_PATH}/probe`,
      `https://127.0.0.1:${port}${LOCAL_PUSH_PATH}/probe`,
      `http://10.0.0.5:${port}${LOCAL_PUSH_PATH}/probe`,
    ];
    for (const endpoint of elsewhere) {
      const refused = await app.request('/api/push/subscriptions', {
        method: 'POST',
        json: { endpoint, keys },
        headers: bearer(customer.token),
      });
      expect({ endpoint, status: refused.status, message: refused.body.message }).toEqual({
        endpoint,
        status: 400,
        message: PUSH_MESSAGES.badEndpoint,
      });
    }
    expect(await phonesOf(customer.token)).toEqual([]);
    expect((await subscribe(customer.token, phone())).status).toBe(201);
  });

  it('never sends to an address that is not the server’s push service, even one stored before: the test says gone, nothing is tried', async () => {
    const customer = await signUpAndPay(app);
    const device = phone();
    await subscribe(customer.token, device);
    // A phone kept from before the check (or a looser one) that names another port on this machine.
    const endpoint = `${bystanderUrl}/push/x`;
    await app.db('push_subscriptions').where({ endpoint: device.subscription.endpoint }).update({ endpoint });
    const test = await app.request('/api/push/test', {
      method: 'POST',
      json: { endpoint },
      headers: bearer(customer.token),
    });
    expect(test.status).toBe(410);
    expect(test.body.message).toBe(PUSH_MESSAGES.gone);
    expect(bystanderHits).toBe(0);
    expect(await phonesOf(customer.token)).toEqual([]);
  });

  it('signing out through the API ends this phone’s notifications, and only this one’s', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    const laptopToken = await signIn(pro.body.email, pro.body.password);
    const [handset, laptop] = [phone(), phone()];
    expect((await subscribe(pro.token, handset)).status).toBe(201);
    expect((await subscribe(laptopToken, laptop, 'Firefox on Windows')).status).toBe(201);

    const out = await app.request('/api/auth/logout', { method: 'POST', json: {}, headers: bearer(pro.token) });
    expect(out.status).toBe(200);
    expect((await phonesOf(laptopToken)).map((p) => p.device)).toEqual(['Firefox on Windows']);

    // The next booking step reaches the laptop, never the signed-out phone.
    expect((await book(customer.token, pro.userId, '09:00')).status).toBe(201);
    await deliver();
    expect(await received(handset)).toEqual([]);
    expect(laptop.decrypt((await received(laptop))[0].body)).toMatchObject({ title: 'New booking request' });
  });

  it('a password reset ends the notifications on every phone of the account', async () => {
    const customer = await signUpAndPay(app);
    const pro = await listedProfessional(app, { lat: 5.56, lng: -0.18 });
    const otherToken = await signIn(pro.body.email, pro.body.password);
    const [lost, kept] = [phone(), phone()];
    await subscribe(pro.token, lost);
    await subscribe(otherToken, kept);
    expect(await phonesOf(pro.token)).toHaveLength(2);

    await app.request('/api/auth/forgot-password', { method: 'POST', json: { email: pro.body.email } });
    const mail = (await app.request('/api/dev/mailbox')).body.messages[0];
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const reset = await app.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'brand-new-pass-9' },
    });
    expect(reset.status).toBe(200);
    expect(await app.db('push_subscriptions').where({ user_id: pro.userId })).toEqual([]);

    expect((await book(customer.token, pro.userId, '11:00')).status).toBe(201);
    await deliver();
    expect(await received(lost)).toEqual([]);
    expect(await received(kept)).toEqual([]);
  });

  it('lists the account’s phones by name with when they were added and used, and drops a lost one; another’s is not found', async () => {
    const owner = await signUpAndPay(app);
    const stranger = await signUpAndPay(app);
    const [handset, lost] = [phone(), phone()];
    await subscribe(owner.token, handset, 'Chrome on Android');
    app.clock.set(new Date(app.clock.now().getTime() + 60_000));
    await subscribe(owner.token, lost, 'Samsung Internet on Android');
    const strangers = phone();
    await subscribe(stranger.token, strangers);

    const listed = await phonesOf(owner.token);
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        device: 'Chrome on Android',
        endpoint: handset.subscription.endpoint,
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        device: 'Samsung Internet on Android',
        endpoint: lost.subscription.endpoint,
        createdAt: app.clock.now().toISOString(),
        lastUsedAt: app.clock.now().toISOString(),
      },
    ]);

    const strangersId = (await phonesOf(stranger.token))[0].id;
    const notYours = await app.request(`/api/push/devices/${strangersId}`, {
      method: 'DELETE',
      headers: bearer(owner.token),
    });
    expect(notYours.status).toBe(404);
    expect(notYours.body.message).toBe(PUSH_MESSAGES.unknownDevice);
    expect(await phonesOf(stranger.token)).toHaveLength(1);
    expect(
      (await app.request('/api/push/devices/1e20', { method: 'DELETE', headers: bearer(owner.token) })).status,
    ).toBe(404);

    const dropped = await app.request(`/api/push/devices/${listed[1].id}`, {
      method: 'DELETE',
      headers: bearer(owner.token),
    });
    expect(dropped.status).toBe(204);
    expect((await phonesOf(owner.token)).map((p) => p.device)).toEqual(['Chrome on Android']);
    const again = await app.request(`/api/push/devices/${listed[1].id}`, {
      method: 'DELETE',
      headers: bearer(owner.token),
    });
    expect(again.status).toBe(404);
  });
});
