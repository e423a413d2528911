import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedProfessional, signUpAndPay } from '../../test/accounts.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The raw answer, as a phone's browser receives it: the body not decoded. */
function raw(app: TestApp, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string | null; bytes: Buffer }>((resolve, reject) => {
    get(app.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          bytes: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe("the API's JSON answers are compressed for a metered line", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = (await signUpAndPay(app)).token;
    for (let i = 0; i < 8; i++)
      await listedProfessional(app, { lat: 5.6 + i / 100, lng: -0.18 }, { firstName: `Kwame${'abcdefgh'[i]}` });
  }, 60_000);
  afterAll(() => app.close());

  const search = '/api/professionals?lat=5.6&lng=-0.18&radius=50';

  it('sends a large answer brotli or gzip as the phone asks, the same JSON once decoded', async () => {
    const plain = await raw(app, search, { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeNull();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.bytes.toString('utf8')) as { professionals: unknown[] };
    expect(json.professionals.length).toBe(8);

    const br = await raw(app, search, {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(br.encoding).toBe('br');
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json);

    const gzip = await raw(app, search, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' });
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(json);
  });

  it('leaves a small answer as it is', async () => {
    const health = await raw(app, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.encoding).toBeNull();
  });
});
