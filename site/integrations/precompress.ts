import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|txt|xml|ico|webmanifest)$/;
/** Below this a compressed file saves less than its headers cost. */
const MIN_BYTES = 256;

/**
 * Build step, the last one: writes .br and .gz beside every text file of `dir` once, so the server
 * (koa-send in api/src/site.ts) spends no CPU on each request for them and sends the fewest bytes a
 * 3G user pays for. Returns how many files got their twins.
 */
export async function precompress(dir: string): Promise<number> {
  let compressed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
    compressed++;
  }
  return compressed;
}
