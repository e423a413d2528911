import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { devMailbox, localPushInbox } from '../../../../contract/dev.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';

/** GET `path` from this machine with the Host header a browser would send for `host` (fetch sets its own). */
function getWithHost(app: TestApp, path: string, host: string): Promise<{ status: number; body: any }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the dev mailbox answers only under a loopback name (DNS rebinding)', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  it.each(['localhost', 'LOCALHOST:3000', '127.0.0.1', '127.0.0.1:4321', '[::1]', '[::1]:3000'])(
    'answers Host: %s',
    async (host) => {
      const res = await getWithHost(app, devMailbox.path, host);
      expect(res.status).toBe(200);
      expect(res.body.messages).toBeInstanceOf(Array);
    },
  );

  it.each([
    'rebound.example.com',
    'rebound.example.com:3000',
    'localhost.example.com',
    '127.0.0.1.nip.io',
    '127.0.0.2',
    '0.0.0.0:3000',
    'localhost:3000@evil.example',
  ])('refuses Host: %j in words that say where to open it', async (host) => {
    const res = await getWithHost(app, devMailbox.path, host);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'forbidden' });
    expect(res.body.message).toMatch(
      /answers only at localhost, 127\.0\.0\.1 or \[::1\]: open http:\/\/localhost:\d+\/dev-mailbox/,
    );
    expect(JSON.stringify(res.body)).not.toContain('messages');
  });

  it('keeps the local push service inbox to loopback names too', async () => {
    const pushApp = await startTestApp({ push: true });
    try {
      const path = localPushInbox.path.replace(':channel', 'phone-1');
      expect((await getWithHost(pushApp, path, 'localhost')).status).toBe(200);
      expect((await getWithHost(pushApp, path, 'rebound.example.com')).status).toBe(403);
    } finally {
      await pushApp.close();
    }
  });
});
