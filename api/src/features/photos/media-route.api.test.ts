import { describe, expect, it } from 'vitest';
import { photoFile } from '../../../../contract/photos.ts';
import { startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';

// A photo's file is a route like the others (contract/photos.ts `photoFile`), outside /api: the
// OpenAPI document describes it, and anything under /media that names no photo is a plain 404.
describe('the photos’ files under /media', () => {
  let app: TestApp;
  useTestApp(async () => (app = await startTestApp()));

  it('are in the OpenAPI document as WebP bytes anyone may read', async () => {
    const res = await app.request('/api/openapi.json');
    const operation = res.body.paths['/media/{file}']?.get;
    expect(operation).toMatchObject({
      'x-caller': 'anyone',
      responses: { 200: { content: { 'image/webp': { schema: { type: 'string' } } } } },
    });
    expect(photoFile.path).toBe('/media/:file');
  });

  it('answer a plain 404, kept by no cache, for any other address or method under /media', async () => {
    for (const [method, path] of [
      ['GET', `/media/${'a'.repeat(64)}-thumb.webp`],
      ['HEAD', `/media/${'a'.repeat(64)}-large.webp`],
      ['GET', '/media/x/y.webp'],
      ['POST', `/media/${'a'.repeat(64)}-thumb.webp`],
    ]) {
      const res = await fetch(app.url + path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      if (method !== 'HEAD') expect(await res.text()).toBe('Not found');
    }
  });
});
