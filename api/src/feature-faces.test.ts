import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A feature's public face is its index.ts (ARCHITECTURE.md "Features"): Biome's noRestrictedImports
 * (biome.jsonc) refuses a deep import from another folder. This plants imports in a copy of the
 * configuration and sees which Biome refuses.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const biome = join(root, 'node_modules', '.bin', 'biome');
const planted = mkdtempSync(join(tmpdir(), 'faces-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

const config = readFileSync(join(root, 'biome.jsonc'), 'utf8').replace(/"vcs":\s*\{[^}]*\},/, '');
writeFileSync(join(planted, 'biome.jsonc'), config);

const FILES: Record<string, string> = {
  'api/src/features/reports/deep.ts': "import { a } from '../bookings/service.ts';\nexport const b = a;\n",
  'api/src/features/reports/sub/deep.ts': "import { a } from '../../bookings/repo.ts';\nexport const b = a;\n",
  'api/src/features/reports/face.ts':
    "import { a } from '../bookings/index.ts';\nimport { c } from './own.ts';\nexport const b = [a, c];\n",
  'api/src/cli/deep.ts': "import { a } from '../features/bookings/service.ts';\nexport const b = a;\n",
  'api/src/cli/face.ts': "import { a } from '../features/bookings/index.ts';\nexport const b = a;\n",
  'api/src/app.ts':
    "import { a } from './features/bookings/routes.ts';\nimport { c } from './features/bookings/service.ts';\nexport const b = [a, c];\n",
};
for (const [path, text] of Object.entries(FILES)) {
  mkdirSync(dirname(join(planted, path)), { recursive: true });
  writeFileSync(join(planted, path), text);
}

/** The "file:line" of each import Biome refuses as a deep import. */
function refused(): string[] {
  let out = '';
  try {
    out = execFileSync(biome, ['lint', '--max-diagnostics=100', 'api'], {
      cwd: planted,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    out = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
  return [...out.matchAll(/^(\S+?):(\d+):\d+ lint\/style\/noRestrictedImports/gm)].map((m) => `${m[1]}:${m[2]}`).sort();
}

describe('a feature is used only through its public face', () => {
  it('refuses deep imports from another feature or from outside, and lets app.ts mount routes.ts', () => {
    expect(refused()).toEqual([
      'api/src/app.ts:2',
      'api/src/cli/deep.ts:1',
      'api/src/features/reports/deep.ts:1',
      'api/src/features/reports/sub/deep.ts:1',
    ]);
  }, 30_000);
});
