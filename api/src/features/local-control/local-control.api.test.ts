import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { isEmbedded } from '../../db.ts';
import { CONTROL_TOKEN_HEADER } from './routes.ts';

// `npm run demo`, `admin:create` and `backup` hand their work to the running server over
// these routes. Only a command that read the data folder's token, from this machine, gets in.
const TOKEN = 'local-control-token-for-the-tests-0123456789';
const withToken = { [CONTROL_TOKEN_HEADER]: TOKEN };

describe('local control', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ localControlToken: TOKEN });
  });
  afterAll(() => app.close());

  it('answers 404 without the token, with a wrong one, or through a proxy', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { [CONTROL_TOKEN_HEADER]: 'guess' },
      { [CONTROL_TOKEN_HEADER]: `${TOKEN}x` },
      { [CONTROL_TOKEN_HEADER]: 'x'.repeat(8_000) },
      { ...withToken, 'X-Forwarded-For': '203.0.113.9' },
    ];
    for (const headers of attempts) {
      const res = await app.request('/api/local/demo', { method: 'POST', headers, json: {} });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'not_found', message: 'No such API endpoint.' });
    }
    expect(Number((await app.db('users').count({ n: '*' }))[0].n)).toBe(0);
  });

  it('loads the demo data on the server, where the next sign-in sees it, once', async () => {
    const first = await app.request('/api/local/demo', { method: 'POST', headers: withToken, json: {} });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, created: expect.any(Number) });
    expect(first.body.created).toBeGreaterThan(100);
    const signIn = await app.request('/api/auth/login', {
      method: 'POST',
      json: { loginMethod: 'email', email: 'customer1@demo.example.com', password: 'DemoPass123' },
    });
    expect(signIn.status).toBe(200);
    const again = await app.request('/api/local/demo', { method: 'POST', headers: withToken, json: {} });
    expect(again.body).toEqual({ success: true, created: 0, professionals: 0 });
  });

  it('adds an administrator, and refuses a bad one with the reason', async () => {
    const add = (username: unknown, password: unknown) =>
      app.request('/api/local/administrators', { method: 'POST', headers: withToken, json: { username, password } });
    expect((await add('owner-local', 'Owner-Passw0rd!')).body).toEqual({ success: true, username: 'owner-local' });
    expect(
      (
        await app.request('/api/admin/login', {
          method: 'POST',
          json: { username: 'owner-local', password: 'Owner-Passw0rd!' },
        })
      ).status,
    ).toBe(200);
    const duplicate = await add('owner-local', 'Owner-Passw0rd!');
    expect(duplicate).toMatchObject({
      status: 400,
      body: { message: 'An administrator named owner-local already exists' },
    });
    expect((await add('x', 'short')).status).toBe(400);
    expect((await add(42, null)).status).toBe(400);
  });

  it('hands over a snapshot of the embedded database (PostgreSQL is backed up with pg_dump)', async () => {
    const res = await fetch(`${app.url}/api/local/backup`, { headers: withToken });
    if (isEmbedded(app.db)) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/gzip');
      const tar = gunzipSync(Buffer.from(await res.arrayBuffer()));
      expect(tar.toString('latin1')).toContain('PG_VERSION');
    } else {
      expect(res.status).toBe(409);
      expect((await res.json()).message).toContain('pg_dump');
    }
  });
});

describe('local control on a server without a token (LOCAL_CONTROL=off, or PostgreSQL)', () => {
  it('does not exist, whatever is sent', async () => {
    const app = await startTestApp();
    try {
      const res = await app.request('/api/local/demo', {
        method: 'POST',
        headers: { [CONTROL_TOKEN_HEADER]: '' },
        json: {},
      });
      expect(res.status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
