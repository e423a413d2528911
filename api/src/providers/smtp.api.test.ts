import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createLogger } from '../logger.ts';
import { deliverNotifications, outboxNotifier } from './notifier.ts';
import { smtpTransport } from './smtp.ts';

// The SMTP adapter against a real SMTP server on loopback (smtp-server speaks the protocol).
interface Received {
  from: string;
  to: string[];
  data: string;
}
let received: Received[] = [];
let refuse = false;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth: (auth, _session, done) =>
    auth.username === 'mailer' && auth.password === 'secret'
      ? done(null, { user: auth.username })
      : done(new Error('Invalid username or password')),
  onRcptTo: (_address, _session, done) =>
    refuse ? done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })) : done(),
  onData(stream, session, done) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({
        from: String(session.envelope.mailFrom ? session.envelope.mailFrom.address : false),
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
      });
      done();
    });
  },
});
let port = 0;
let app: TestApp;
const logger = createLogger('silent');

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('delivers an outbox message over SMTP with authentication, from the configured sender', async () => {
  received = [];
  const transport = smtpTransport({
    url: `smtp://mailer:secret@127.0.0.1:${port}`,
    from: 'ServiceConnect <no-reply@example.com>',
  });
  await outboxNotifier({ clock: app.clock }).sendEmail(
    { to: 'ama@example.com', subject: 'Your subscription ends soon', text: 'Renew now.' },
    app.db,
  );
  expect(await deliverNotifications({ db: app.db, clock: app.clock, logger, transports: { email: transport } })).toBe(
    1,
  );
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ from: 'no-reply@example.com', to: ['ama@example.com'] });
  expect(received[0].data).toMatch(/Subject: Your subscription ends soon/);
  expect(received[0].data).toMatch(/Renew now\./);
  expect((await app.db('notifications').where({ recipient: 'ama@example.com' }).first())!.status).toBe('sent');
});

it('a refused recipient or wrong password leaves the message pending for a retry, with the reason', async () => {
  refuse = true;
  const transport = smtpTransport({ url: `smtp://mailer:secret@127.0.0.1:${port}`, from: 'no-reply@example.com' });
  await outboxNotifier({ clock: app.clock }).sendEmail(
    { to: 'gone@example.com', subject: 'Hello', text: 'Hi' },
    app.db,
  );
  expect(await deliverNotifications({ db: app.db, clock: app.clock, logger, transports: { email: transport } })).toBe(
    0,
  );
  refuse = false;
  const row = await app.db('notifications').where({ recipient: 'gone@example.com' }).first();
  expect(row).toMatchObject({ status: 'pending', attempts: 1 });
  expect(row!.last_error).toMatch(/Mailbox unavailable/);

  const wrongPassword = smtpTransport({ url: `smtp://mailer:nope@127.0.0.1:${port}`, from: 'no-reply@example.com' });
  await expect(wrongPassword.deliver({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow(
    /Invalid username or password/,
  );
});

it('a server that does not answer fails within the time-out instead of hanging the worker', async () => {
  const silent = smtpTransport({ url: 'smtp://127.0.0.1:9', from: 'no-reply@example.com', timeoutMs: 500 });
  await expect(silent.deliver({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
});
