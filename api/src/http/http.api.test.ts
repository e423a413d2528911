import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// ARCHITECTURE.md "Errors as JSON": every API error is JSON { success: false, code, message }.
describe('API error handling and headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await app.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, code: 'not_found', message: 'No such API endpoint.' });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Ama",',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await app.request('/api/contact', {
      method: 'POST',
      json: { name: 'Ama', email: 'ama@example.com', message: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      code: 'too_large',
      message: 'The request body is too large (limit 1 MB).',
    });
  });

  it('refuses a body that is not JSON with 415 instead of reading it as empty', async () => {
    // The support form's route takes a plain form too (features/contact/form.ts); no other does.
    const res = await app.request('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ama%40example.com',
    });
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await app.request('/api/contact', { method: 'POST', json: ['Ama'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body must be a JSON object.');
  });

  it('refuses the NUL character (PostgreSQL text cannot hold it) naming the field, in bodies and queries', async () => {
    const body = await app.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { loginMethod: 'email', email: 'ama\u0000@example.com' },
    });
    expect(body).toMatchObject({
      status: 400,
      body: { message: 'Text cannot contain the NUL character (\\u0000).', errors: [{ field: 'email' }] },
    });
    const nested = await app.request('/api/contact', {
      method: 'POST',
      json: { name: 'Ama', tags: [{ note: 'a\u0000' }] },
    });
    expect(nested.body.errors).toEqual([{ field: 'tags.0.note', message: expect.any(String) }]);
    const query = await app.request('/api/health?x=%00');
    expect(query).toMatchObject({ status: 400, body: { errors: [{ field: 'x' }] } });
  });

  it('answers a wrong method on a known path with 405 JSON', async () => {
    const res = await app.request('/api/contact');
    expect(res.status).toBe(405);
    expect(res.body.success).toBe(false);
    expect(res.headers.get('allow')).toContain('POST');
  });

  it('sends security headers and no HSTS on localhost', async () => {
    const res = await app.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Headers that only mean something for a document are left off data (pages keep them: e2e/security-headers.spec.ts).
    for (const name of ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy'])
      expect(res.headers.get(name), name).toBeNull();
  });

  it('sends HSTS when served under a real host name', async () => {
    // fetch cannot set Host, so ask with node:http.
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      request(`${app.url}/api/health`, { headers: { host: 'marketplace.example.com' } }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end();
    });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  // CI once failed with ECONNRESET: a client reused its connection after ~6 s of quiet, the moment
  // Node's default keep-alive (5 s + 1 s grace) closed it (keep-alive.ts).
  it('keeps an idle connection open past the Node default, so a client that comes back after 7 s reuses it', async () => {
    const agent = new Agent({ keepAlive: true });
    const get = () =>
      new Promise<{ keepAlive: unknown; reused: boolean }>((resolve, reject) => {
        const req = request(`${app.url}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ keepAlive: res.headers['keep-alive'], reused: req.reusedSocket }));
        }).on('error', reject);
        req.end();
      });
    try {
      expect(await get()).toEqual({ keepAlive: 'timeout=65', reused: false });
      await new Promise((resolve) => setTimeout(resolve, 7000));
      expect(await get()).toEqual({ keepAlive: 'timeout=65', reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);

  it('logs one JSON line per request with a request id it also returns', async () => {
    const res = await app.request('/api/health', { headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-12345');
    await expect
      .poll(() => app.logs.find((l) => l.requestId === 'trace-abc-12345'))
      .toMatchObject({
        method: 'GET',
        path: '/api/health',
        status: 200,
      });
  });

  it('replaces a request id that is not safe to log', async () => {
    const res = await app.request('/api/health', { headers: { 'x-request-id': 'bad id; with spaces' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
