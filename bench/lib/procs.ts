/**
 * Helpers for the reliability scripts (bench/faults.ts, bench/load.ts, bench/scale-out.ts,
 * bench/backup-restore.ts): real server processes, a throw-away PostgreSQL, HTTP with JSON, and
 * accounts made the way the site makes them (sign-up → sandbox charge → complete-registration).
 */
import { spawn, execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, chownSync, mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { approvedSandboxCharge } from '../../contract/payments.ts';
import { addDays, todayInGhana } from '../../contract/dates.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ApiServer {
  port: number;
  url: string;
  proc: ChildProcess;
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stderr: () => string;
}

/** Starts `node api/src/server.ts` and waits until /api/health answers 200. */
export async function startServer(port: number, env: Record<string, string>, timeoutMs = 60_000): Promise<ApiServer> {
  // Another server on the port would answer our health checks: refuse to measure it.
  const busy = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is already in use`);
  const proc = spawn(process.execPath, ['api/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (c) => (err = (err + c).slice(-4000)));
  const exited = once(proc, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    at: Date.now(),
  }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return { port, url, proc, exited, stderr: () => err };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  proc.kill('SIGKILL');
  throw new Error(`server on ${port} did not become healthy: ${err}`);
}

export async function kill9(server: ApiServer) {
  server.proc.kill('SIGKILL');
  await server.exited;
}

export interface Answer {
  status: number;
  body: any;
}

/** JSON over HTTP; a network failure answers status 0 with the error's code. */
export async function call(
  base: string,
  path: string,
  opts: { method?: string; json?: unknown; token?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  try {
    const res = await fetch(base + path, {
      method: opts.method ?? (opts.json !== undefined ? 'POST' : 'GET'),
      headers,
      body: opts.json !== undefined ? JSON.stringify(opts.json) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // keep the text
    }
    return { status: res.status, body };
  } catch (err) {
    const e = err as { cause?: { code?: string }; name?: string };
    return { status: 0, body: { error: e.cause?.code ?? e.name ?? String(err) } };
  }
}

let serial = 0;
const runTag = `${Date.now().toString(36)}${process.pid.toString(36)}`;

/** A fresh sign-up body: unique email and Ghanaian phone per call. */
export function signupBody(userType: 'customer' | 'professional', extra: Record<string, unknown> = {}) {
  serial++;
  const digits = String((Date.now() * 7 + serial * 7919 + process.pid) % 10_000_000).padStart(7, '0');
  return {
    email: `rel-${runTag}-${serial}@example.com`,
    phone: `024${digits}`,
    firstName: 'Ama',
    lastName: 'Bench',
    password: 'correct-horse-42',
    confirmPassword: 'correct-horse-42',
    userType,
    location: 'Accra',
    localAddress: userType === 'professional' ? 'Osu, Accra' : '',
    profession: userType === 'professional' ? 'Plumber' : '',
    description: '',
    profilePicture: '',
    baseRate: userType === 'professional' ? 50 : 0,
    maxRate: userType === 'professional' ? 80 : 0,
    rateNegotiable: false,
    agreeToTerms: true,
    ...extra,
  };
}

/** Sign-up and the sandbox charge, stopping short of complete-registration. */
export async function signUpPaid(
  base: string,
  userType: 'customer' | 'professional',
  extra: Record<string, unknown> = {},
) {
  for (let attempt = 0; ; attempt++) {
    const body = signupBody(userType, extra);
    const res = await call(base, '/api/signup', { json: body });
    if (res.status === 409 && attempt < 3) continue; // a phone number taken by an earlier run
    if (res.status !== 201) throw new Error(`signup ${res.status} ${JSON.stringify(res.body)}`);
    const payment = res.body.payment;
    const charge = await call(base, '/api/sandbox/charge', { json: approvedSandboxCharge(payment) });
    if (charge.status >= 300) throw new Error(`charge ${charge.status} ${JSON.stringify(charge.body)}`);
    return {
      body,
      userId: res.body.user.id as number,
      reference: payment.reference as string,
      completionSecret: payment.completionSecret as string,
    };
  }
}

export async function completeRegistration(
  base: string,
  userId: number,
  reference: string,
  timeoutMs?: number,
  completionSecret?: string,
) {
  return call(base, '/api/complete-registration', {
    json: { userId, paymentReference: reference, completionSecret },
    timeoutMs,
  });
}

/** A paid, active account with a session token. */
export async function account(
  base: string,
  userType: 'customer' | 'professional',
  extra: Record<string, unknown> = {},
) {
  const s = await signUpPaid(base, userType, extra);
  const done = await completeRegistration(base, s.userId, s.reference, undefined, s.completionSecret);
  if (done.status !== 200 || !done.body.token) throw new Error(`complete ${done.status} ${JSON.stringify(done.body)}`);
  return { ...s, token: done.body.token as string };
}

export async function adminToken(base: string): Promise<string> {
  const res = await call(base, '/api/admin/login', { json: ADMIN });
  if (res.status !== 200) throw new Error(`admin login ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** A booking date `days` ahead in Ghana time (GMT). */
export const dayAhead = (days: number) => addDays(todayInGhana(), days);

/** Opens every professional's week, 08:00–18:00, so any future slot can be booked. */
export async function openAllWeek(client: pg.Client | pg.Pool) {
  await client.query(
    `update professional_profiles set availability = '{"days":["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"],"start":"08:00","end":"18:00"}'`,
  );
}

// ---------- PostgreSQL ----------

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A throw-away PostgreSQL cluster of our own (so stopping it disturbs nobody), run as `postgres`. */
export function throwawayPostgres(port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'rel-pg-'));
  const data = join(dir, 'data');
  const sock = join(dir, 'sock');
  mkdirSync(sock);
  const pgUser = execFileSync('id', ['-u', 'postgres']).toString().trim();
  const pgGroup = execFileSync('id', ['-g', 'postgres']).toString().trim();
  chownSync(dir, Number(pgUser), Number(pgGroup));
  chownSync(sock, Number(pgUser), Number(pgGroup));
  const asPostgres = (cmd: string) =>
    execFileSync('su', ['postgres', '-c', cmd], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  asPostgres(`${PG_BIN}/initdb -D ${data} -U root --auth=trust -E UTF8 >/dev/null`);
  const start = () =>
    asPostgres(
      `${PG_BIN}/pg_ctl -D ${data} -l ${dir}/log -w -o "-p ${port} -k ${sock} -c listen_addresses=127.0.0.1 -c fsync=on" start >/dev/null`,
    );
  const stop = (mode = 'fast') => asPostgres(`${PG_BIN}/pg_ctl -D ${data} -m ${mode} -w stop >/dev/null`);
  /** `pg_ctl restart` without blocking the caller's event loop (its clients go on being timed meanwhile). */
  const restart = (mode = 'fast') =>
    new Promise<void>((resolve, reject) =>
      execFile(
        'su',
        ['postgres', '-c', `${PG_BIN}/pg_ctl -D ${data} -l ${dir}/log -m ${mode} -w restart >/dev/null`],
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  start();
  const url = (db: string) => `postgresql://root@127.0.0.1:${port}/${db}`;
  return {
    url,
    start,
    stop,
    restart,
    async createDatabase(name: string) {
      const c = new pg.Client({ connectionString: url('postgres') });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      const d = new pg.Client({ connectionString: url(name) });
      await d.connect();
      await d.query('create extension cube; create extension earthdistance;');
      await d.end();
      return url(name);
    },
    destroy() {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const LOGIN = process.env.PGUSER ?? userInfo().username;
/** Socket URLs name no user; pg reads $USER then, which is not always set (as in api/src/db.ts). */
function withUser(url: string) {
  const u = new URL(url);
  if (!u.username && !u.searchParams.has('user')) u.searchParams.set('user', LOGIN);
  return u.toString();
}

/**
 * A database of our own on a shared server, dropped by `drop()`: by default the one on the socket
 * /var/run/postgresql; `admin` names another (any database on it, e.g. BENCH_DATABASE_URL).
 */
export async function sharedDatabase(name: string, admin = 'postgresql:///postgres?host=/var/run/postgresql') {
  const c = new pg.Client({ connectionString: withUser(admin) });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
  const own = new URL(admin);
  own.pathname = `/${name}`;
  const url = own.toString();
  const d = new pg.Client({ connectionString: withUser(url) });
  await d.connect();
  await d.query('create extension cube; create extension earthdistance;');
  await d.end();
  return {
    url,
    async drop() {
      const a = new pg.Client({ connectionString: withUser(admin) });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export async function pgClient(url: string) {
  const c = new pg.Client({ connectionString: withUser(url) });
  await c.connect();
  return c;
}

export const count = async (c: pg.Client, sql: string, params: unknown[] = []) =>
  Number((await c.query(sql, params)).rows[0].n);

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
