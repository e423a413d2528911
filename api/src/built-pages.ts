import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Build steps' common walk: every pre-rendered page under `clientDir` through `transform`, written back when it changed. Returns how many changed. */
export async function rewriteBuiltPages(clientDir: string, transform: (html: string) => string | Promise<string>): Promise<number> {
  let changed = 0;
  for (const entry of await readdir(clientDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    const updated = await transform(html);
    if (updated === html) continue;
    await writeFile(file, updated);
    changed++;
  }
  return changed;
}
