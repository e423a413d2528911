import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { precompress } from './precompress.ts';

it('writes .br and .gz twins of the text files worth compressing, and of nothing else', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(dir, '_astro'));
  const page = `<!DOCTYPE html><html><body>${'<p>Plumbers in Accra</p>'.repeat(20)}</body></html>`;
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, '_astro', 'app.js'), 'export const a = 1;\n'.repeat(20));
  writeFileSync(join(dir, '_astro', 'tiny.js'), 'export {};');
  writeFileSync(join(dir, 'photo.jpg'), Buffer.alloc(1024));

  expect(await precompress(dir)).toBe(2);
  expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(page);
  expect(gunzipSync(readFileSync(join(dir, 'index.html.gz'))).toString()).toBe(page);
  expect(existsSync(join(dir, '_astro', 'app.js.br'))).toBe(true);
  expect(existsSync(join(dir, '_astro', 'tiny.js.br'))).toBe(false);
  expect(existsSync(join(dir, 'photo.jpg.gz'))).toBe(false);
});
