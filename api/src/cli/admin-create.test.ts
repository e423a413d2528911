import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const command = join(import.meta.dirname, 'admin-create.ts');
const dataDir = join(mkdtempSync(join(tmpdir(), 'marketplace-admin-create-')), 'data');

/** `npm run admin:create` as a process with `stdin` piped in: its exit code and what it printed. */
function adminCreate(stdin: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [command], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

// Each run opens PGlite, seconds on a busy machine.
describe('npm run admin:create with its answers piped in', { timeout: 90_000 }, () => {
  it('reads the username and the password one a line, and creates the administrator', async () => {
    const { code, output } = await adminCreate('owner-piped\nlong-enough-secret\n');
    expect(output).not.toMatch(/unsettled top-level await/);
    expect(code, output).toBe(0);
    expect(output).toContain('Administrator "owner-piped" created. Sign in at');
    expect(output).not.toContain('long-enough-secret');
  });

  it('refuses in one line, exit 1, when the input ends before the password', async () => {
    const { code, output } = await adminCreate('owner-short\n');
    expect(code, output).toBe(1);
    expect(output).toContain('No answer to "Password (at least 10 characters)": give it, or pass it as a flag.');
    expect(output).not.toMatch(/\n\s+at |unsettled/);
  });

  it('says why when the administrator already exists', async () => {
    const { code, output } = await adminCreate('owner-piped\nlong-enough-secret\n');
    expect(code, output).toBe(1);
    expect(output).toContain('Cannot create the administrator: An administrator named owner-piped already exists');
  });
});
