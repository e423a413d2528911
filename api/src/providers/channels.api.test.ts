import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { bearer, listedProfessional, signUpAndPay } from '../../test/accounts.ts';
import { startFakeMessaging, type FakeMessaging } from '../../test/fake-messaging.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { sendDueReminders } from '../features/subscriptions/reminders.ts';
import { createLogger } from '../logger.ts';
import { notificationTransports, textChannels } from './index.ts';
import { deliverNotifications, outboxNotifier, RETRY_DELAYS_MS, type Transports } from './notifier.ts';
import { arkeselSmsTransport } from './sms.ts';
import { whatsappTransport } from './whatsapp.ts';

// Channels behind an interface, SMS and WhatsApp by provider adapters
// (real HTTP, here against local servers speaking Arkesel's and Meta's APIs), retried with backoff.
let app: TestApp;
let fake: FakeMessaging;
const logger = createLogger('silent');
beforeAll(async () => {
  fake = await startFakeMessaging();
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
afterEach(() => app?.clock.reset());

const sms = () => arkeselSmsTransport({ apiBase: fake.base, apiKey: fake.apiKey, senderId: 'SrvConnect' });
const whatsapp = (template = 'service_update') =>
  whatsappTransport({
    apiBase: fake.base,
    apiVersion: 'v21.0',
    phoneNumberId: fake.phoneNumberId,
    accessToken: fake.accessToken,
    template,
    language: 'en',
  });
const deliver = (transports: Transports) => deliverNotifications({ db: app.db, clock: app.clock, logger, transports });
const rows = (to: string) => app.db('notifications').where({ recipient: to }).orderBy('id');
const notifier = () => outboxNotifier({ clock: app.clock });

it('delivers a short text by SMS through Arkesel and by WhatsApp as the approved template', async () => {
  await notifier().sendText(
    '+233241110001',
    { label: 'Booking confirmed', text: 'ServiceConnect: Kofi accepted\nyour booking for Mon 24 Nov 09:00.' },
    app.db,
  );
  expect((await rows('+233241110001')).map((r) => [r.channel, r.status])).toEqual([
    ['sms', 'pending'],
    ['whatsapp', 'pending'],
  ]);
  expect(await deliver({ sms: sms(), whatsapp: whatsapp() })).toBe(2);
  expect(fake.sms).toContainEqual({
    sender: 'SrvConnect',
    message: 'ServiceConnect: Kofi accepted\nyour booking for Mon 24 Nov 09:00.',
    recipients: ['233241110001'],
  });
  // Meta refuses newlines in a template parameter: the text is flattened.
  expect(fake.whatsapp).toContainEqual({
    to: '233241110001',
    template: 'service_update',
    language: 'en',
    parameters: ['ServiceConnect: Kofi accepted your booking for Mon 24 Nov 09:00.'],
  });
  expect((await rows('+233241110001')).map((r) => r.status)).toEqual(['sent', 'sent']);
});

it('retries a failed SMS after 1, 5, 30 and 120 minutes, then marks it failed with the gateway’s answer', async () => {
  await notifier().sendText(
    '+233241110002',
    { label: 'Subscription ends soon', text: 'ServiceConnect: renew soon.' },
    app.db,
  );
  await app.db('notifications').where({ recipient: '+233241110002', channel: 'whatsapp' }).delete();
  fake.failNext(503, 5);
  await deliver({ sms: sms() });
  for (const delay of RETRY_DELAYS_MS) {
    const [row] = await rows('+233241110002');
    expect(row).toMatchObject({
      status: 'pending',
      last_error: 'SMS gateway answered 503: Service temporarily unavailable',
    });
    app.clock.advance(delay - 1);
    await deliver({ sms: sms() });
    expect((await rows('+233241110002'))[0].attempts).toBe(row.attempts); // not due yet
    app.clock.advance(1);
    await deliver({ sms: sms() });
  }
  const [row] = await rows('+233241110002');
  expect(row).toMatchObject({ status: 'failed', attempts: 5 });
  expect(fake.sms.some((m) => m.recipients.includes('233241110002'))).toBe(false);
});

it('a recovered gateway delivers on the retry; a refused key or template is recorded and retried', async () => {
  await notifier().sendText('+233241110003', { label: 'x', text: 'ServiceConnect: hello.' }, app.db);
  fake.failNext(500);
  // One channel at a time: channels are sent in parallel, and the fake fails whichever request comes next.
  await deliver({ sms: sms() });
  await deliver({ whatsapp: whatsapp('not_approved') });
  let [smsRow, waRow] = await rows('+233241110003');
  expect(smsRow).toMatchObject({ status: 'pending', attempts: 1 });
  expect(waRow).toMatchObject({
    status: 'pending',
    attempts: 1,
    last_error: 'WhatsApp answered 404: 132001 Template name does not exist in the translation',
  });
  app.clock.advance(RETRY_DELAYS_MS[0]);
  const wrongKey = arkeselSmsTransport({ apiBase: fake.base, apiKey: 'wrong-key-123', senderId: 'SrvConnect' });
  await deliver({ sms: wrongKey, whatsapp: whatsapp() });
  [smsRow, waRow] = await rows('+233241110003');
  expect(smsRow).toMatchObject({
    status: 'pending',
    attempts: 2,
    last_error: 'SMS gateway answered 401: Unauthenticated',
  });
  expect(waRow.status).toBe('sent');
  app.clock.advance(RETRY_DELAYS_MS[1]);
  await deliver({ sms: sms() });
  expect((await rows('+233241110003'))[0]).toMatchObject({ status: 'sent', attempts: 3 });
});

it('never attempts a channel without configuration: its messages stay in the outbox for the dev mailbox', async () => {
  await notifier().sendText('+233241110004', { label: 'Booking declined', text: 'ServiceConnect: declined.' }, app.db);
  const before = fake.sms.length + fake.whatsapp.length;
  await deliver(notificationTransports(loadConfig({ NODE_ENV: 'test' }), logger));
  expect((await rows('+233241110004')).map((r) => [r.channel, r.status, r.attempts])).toEqual([
    ['sms', 'pending', 0],
    ['whatsapp', 'pending', 0],
  ]);
  expect(fake.sms.length + fake.whatsapp.length).toBe(before);
  const mailbox = await app.request('/api/dev/mailbox');
  expect(mailbox.body.messages).toContainEqual(
    expect.objectContaining({ channel: 'sms', to: '+233241110004', subject: 'Booking declined', status: 'pending' }),
  );
  expect(mailbox.body.messages).toContainEqual(expect.objectContaining({ channel: 'whatsapp', to: '+233241110004' }));
  // In production an unconfigured text channel is not even written; a configured one is.
  expect(textChannels(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }))).toEqual([]);
  expect(
    textChannels(
      loadConfig({
        NODE_ENV: 'production',
        PAYMENTS: 'sandbox',
        SMS_API_KEY: 'a1b2c3d4e5',
        SMS_SENDER_ID: 'SrvConnect',
      }),
    ),
  ).toEqual(['sms']);
  expect(
    Object.keys(notificationTransports(loadConfig({ SMS_API_KEY: 'a1b2c3d4e5', SMS_SENDER_ID: 'SrvConnect' }), logger)),
  ).toEqual(['email', 'sms']);
});

it('writes no text for someone without a usable phone number', async () => {
  const before = await app.db('notifications').count({ n: '*' }).first();
  for (const phone of [null, undefined, '', 'deleted-42', '0241234567'])
    await notifier().sendText(phone, { label: 'x', text: 'ServiceConnect: x.' }, app.db);
  expect(await app.db('notifications').count({ n: '*' }).first()).toEqual(before);
  expect(await app.db('notifications').where({ recipient: 'deleted-42' })).toEqual([]);
});

it('texts the reminders and booking news, short and without the cedi sign; receipts and chat go by email only', async () => {
  const pro = await listedProfessional(app, { lat: 5.6, lng: -0.19 });
  const customer = await signUpAndPay(app);
  const phoneOf = async (id: number) => (await app.db('users').where({ id }).first('phone'))!.phone as string;
  const [proPhone, customerPhone] = [await phoneOf(pro.userId), await phoneOf(customer.userId)];
  expect(await app.db('notifications').whereIn('recipient', [proPhone, customerPhone])).toEqual([]); // receipts: email only

  const booked = await app.request('/api/bookings', {
    method: 'POST',
    json: { professionalId: pro.userId, description: 'Leaking tap', date: '2026-11-24', time: '09:00' },
    headers: bearer(customer.token),
  });
  expect(booked.status).toBe(201);
  const toPro = await rows(proPhone);
  expect(toPro.map((r) => r.channel)).toEqual(['sms', 'whatsapp']);
  expect(toPro[0].body).toBe(
    'ServiceConnect: new booking request for Tue 24 Nov 09:00. Accept or decline it in Job Requests on your dashboard.',
  );
  await app.request(`/api/bookings/${booked.body.booking.id}/accept`, { method: 'POST', headers: bearer(pro.token) });
  const toCustomer = await rows(customerPhone);
  expect(toCustomer.map((r) => [r.channel, r.subject])).toEqual([
    ['sms', 'Booking confirmed'],
    ['whatsapp', 'Booking confirmed'],
  ]);
  await app.request(`/api/bookings/${booked.body.booking.id}/messages`, {
    method: 'POST',
    json: { body: 'See you at 9' },
    headers: bearer(pro.token),
  });
  expect(await rows(customerPhone)).toHaveLength(2); // chat: email only

  app.clock.set(new Date('2026-12-16T09:00:00Z'));
  await sendDueReminders({
    db: app.db,
    clock: app.clock,
    logger,
    notifier: notifier(),
    config: { publicUrl: 'https://sc.example' },
  });
  const reminder = (await rows(customerPhone)).filter((r) => r.subject === 'Subscription ends soon');
  expect(reminder.map((r) => r.channel)).toEqual(['sms', 'whatsapp']);
  // One tap to a mobile-money prompt: a link of its own, in one SMS.
  expect(reminder[0].body).toMatch(
    /^ServiceConnect: your subscription is paid until 22 Dec 2026\. Renew by mobile money in one tap: https:\/\/sc\.example\/renew\/[\w-]{22}$/,
  );
  for (const r of await app.db('notifications').whereIn('channel', ['sms', 'whatsapp'])) {
    expect(r.body).not.toMatch(/₵/);
    expect(r.body.length).toBeLessThanOrEqual(160);
  }
});
