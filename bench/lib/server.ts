/** Starts the product as `npm start` would (one Node process), on a port of the bench's own. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from './http.ts';

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * `node api/src/server.ts` with NODE_ENV=production (diagnostic pages off) and PAYMENTS=sandbox (no
 * Paystack keys: TEST MODE payments, on purpose), LOG_LEVEL=warn (no line per request), on PGlite in a fresh temp folder
 * unless `env` names a DATABASE_URL or DATA_DIR. `cwd`: another checkout of the product (built), to
 * measure it beside this one.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  { cwd }: { cwd?: string } = {},
): Promise<RunningServer> {
  const ownFolder = env.DATA_DIR || env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'bench-server-'));
  const child = spawn(process.execPath, ['api/src/server.ts'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ownFolder ?? '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (
      await call(`${baseUrl}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return { baseUrl, child, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('server did not start within 120 s');
}

/** BENCH_PORT or the default: every bench uses ports 3700–3799 so it never meets the test servers. */
export function benchPort(fallback: number): number {
  return Number(process.env.BENCH_PORT ?? fallback);
}
