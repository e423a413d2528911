import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

describe('GET /api/health', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers 200 { ok: true } when the database answers', async () => {
    app = await startTestApp();
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('answers 503 when the database does not', async () => {
    app = await startTestApp();
    await app.closeDatabase();
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.ok).toBe(false);
  });
});
