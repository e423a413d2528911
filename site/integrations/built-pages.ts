import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every pre-rendered page under `clientDir`: its file and its HTML. */
export async function* builtPages(clientDir: string): AsyncGenerator<{ file: string; html: string }> {
  for (const entry of await readdir(clientDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    yield { file, html: await readFile(file, 'utf8') };
  }
}

/** Build steps' common walk: every page through `transform`, written back when it changed. Returns how many changed. */
export async function rewriteBuiltPages(
  clientDir: string,
  transform: (html: string) => string | Promise<string>,
): Promise<number> {
  let changed = 0;
  for await (const { file, html } of builtPages(clientDir)) {
    const updated = await transform(html);
    if (updated === html) continue;
    await writeFile(file, updated);
    changed++;
  }
  return changed;
}
