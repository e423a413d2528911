/**
 * API throughput (Speed): autocannon, in one run, against a bare Koa hello-world on its
 * own port and against the product (`node api/src/server.ts`, NODE_ENV=production) with 100k
 * professionals: GET /api/health, GET /api/customer-data/{email} (10 customers, each signed in and
 * reading their own record), GET /api/professionals (signed in, nearby, radius 7 miles around the 10
 * cities) and POST /api/auth/login (correct passwords, one account per connection, so throttling
 * never answers 429); then the same data reads once more from a server started with READ_CACHE=off, which
 * shows what a read costs when it goes to the database every time. hello-world runs again just
 * before each target, and each ratio is to that run (this machine's speed drifts by a quarter over
 * minutes, more than the margins measured). Login is bounded by argon2: its
 * ceiling, cores ÷ hash time, is measured in the same run. Prints req/s, p50/p99 latency, errors and
 * non-2xx, and each ratio to hello-world; asserts nothing.
 *
 *   npm run bench:api                                           # PGlite (embedded)
 *   BENCH_DATABASE_URL='postgresql:///postgres?host=/var/run/postgresql' npm run bench:api   # PostgreSQL, then PGlite
 *   npm run bench:api -- --duration 3 --professionals 10000 --engines pglite               # quick look
 *
 * With PostgreSQL the bench creates (and afterwards drops) its own database `bench_api` on that server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CITIES } from '../contract/cities.ts';
import { closeDb, createDb, migrate } from '../api/src/db.ts';
import { hashPassword, verifyPassword } from '../api/src/features/accounts/index.ts';
import { createPaidAccount, type Session } from './lib/accounts.ts';
import { loadOnce as runLoad, type LoadRequest, type LoadResult } from './lib/load-run.ts';
import { generateProfessionals } from './lib/seed.ts';
import { machineLine } from './lib/machine.ts';
import { benchPort, startServer } from './lib/server.ts';
import { arg } from './lib/args.ts';

const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const PROFESSIONALS = Number(arg('professionals', '100000'));
/** Customers whose records are read (each with their own session) and who sign in. */
const CUSTOMERS = 10;
const engines = arg('engines', process.env.BENCH_DATABASE_URL ? 'postgres,pglite' : 'pglite').split(',');
const cores = availableParallelism();
/**
 * Each row's goal on PostgreSQL: a cached signed-in read, the nearby search and a read
 * with the read cache off, a profile page's p99, sign-in against argon2.
 */
const GOALS: { row: RegExp; ratio?: number; p99: number }[] = [
  { row: /READ_CACHE=off/, ratio: 0.1, p99: 50 },
  { row: /^GET \/api\/customer-data/, ratio: 0.4, p99: 50 },
  { row: /^GET \/api\/professionals/, ratio: 0.05, p99: 100 },
  { row: /^GET \/professionals\//, p99: 50 },
];
/** Sign-in's share of the argon2 bound. */
const LOGIN_GOAL = 0.6;

interface Result extends LoadResult {
  /** hello-world's req/s in the run just before this one: the ratio's denominator. */
  helloRps?: number;
}

type Request = LoadRequest;

const loadOnce = (
  name: string,
  url: string,
  requests: Request[],
  duration = DURATION,
  oneEach = false,
): Promise<Result> => runLoad(name, url, requests, { connections: CONNECTIONS, duration, oneEach });

function startHello(port: number): Promise<ChildProcess> {
  const child = fork(join(import.meta.dirname, 'lib', 'hello-koa.ts'), [String(port)], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A database with the schema and the professionals, and how to point the server at it. */
async function prepare(
  engine: string,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void>; seedSeconds: number }> {
  let env: Record<string, string>;
  let cleanup = async () => {};
  if (engine === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'bench-api-'));
    env = { DATA_DIR: folder };
    cleanup = async () => rmSync(folder, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (!adminUrl) throw new Error('postgres needs BENCH_DATABASE_URL');
    const admin = await createDb({ databaseUrl: adminUrl });
    await admin.raw('drop database if exists bench_api with (force)');
    await admin.raw('create database bench_api');
    await closeDb(admin);
    const url = new URL(adminUrl);
    url.pathname = '/bench_api';
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      const a = await createDb({ databaseUrl: adminUrl });
      await a.raw('drop database if exists bench_api with (force)');
      await closeDb(a);
    };
  }
  const db = await createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  const start = performance.now();
  try {
    await migrate(db);
    await generateProfessionals(db, PROFESSIONALS);
  } finally {
    await closeDb(db);
  }
  return { env, cleanup, seedSeconds: (performance.now() - start) / 1000 };
}

/** argon2id with the product's settings, in this process, while nothing else of the bench runs (hash and verify alternate). */
async function argon2Times(runs = 20) {
  const hashed = await hashPassword('warm-up-password');
  await verifyPassword(hashed, 'warm-up-password');
  const hash: number[] = [];
  const verify: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    await hashPassword('correct-horse-battery');
    hash.push(performance.now() - start);
    start = performance.now();
    await verifyPassword(hashed, 'warm-up-password');
    verify.push(performance.now() - start);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { hash: median(hash), verify: median(verify) };
}

/** The nearby answer's size, as sent and gzipped (a phone's download), for one city. */
async function nearbyAnswerSize(baseUrl: string, headers: Record<string, string>) {
  const [city] = CITIES;
  const res = await fetch(`${baseUrl}/api/professionals?lat=${city.lat}&lng=${city.lng}&radius=7&sort=distance`, {
    headers,
  });
  const text = await res.text();
  const count = (JSON.parse(text) as { professionals: unknown[] }).professionals.length;
  return { count, raw: Buffer.byteLength(text), gzip: gzipSync(text).length };
}
const answerSizes: { count: number; raw: number; gzip: number }[] = [];

const pad = (s: string | number, n: number) => String(s).padStart(n);
function print(engine: string, results: Result[], hello: Result, argon2: { hash: number; verify: number }) {
  console.log(
    `hello-world ran just before each target (the machine's speed drifts over minutes); its row shows the median of those runs, and "× hello" divides by the run beside it`,
  );
  console.log(
    `\n${engine}: ${CONNECTIONS} connections, ${DURATION} s each (after a 2 s warm-up), ${PROFESSIONALS} professionals`,
  );
  console.log(
    'endpoint'.padEnd(42),
    pad('req/s', 8),
    pad('p50 ms', 7),
    pad('p99 ms', 7),
    pad('requests', 9),
    pad('errors', 7),
    pad('non-2xx', 8),
    pad('× hello', 8),
    '  goal',
  );
  for (const r of [hello, ...results]) {
    const ratio = r.rps / (r.helloRps ?? hello.rps);
    const clean = r.non2xx === 0 && r.errors === 0;
    const goal = GOALS.find((g) => g.row.test(r.name));
    const verdict = goal
      ? (goal.ratio === undefined || ratio >= goal.ratio) && r.p99 <= goal.p99 && clean
        ? 'PASS'
        : 'MISS'
      : '-';
    console.log(
      r.name.padEnd(42),
      pad(r.rps.toFixed(0), 8),
      pad(r.p50, 7),
      pad(r.p99, 7),
      pad(r.requests, 9),
      pad(r.errors, 7),
      pad(r.non2xx, 8),
      pad(r === hello ? '1.00' : ratio.toFixed(2), 8),
      ' ',
      verdict,
    );
  }
  const login = results.find((r) => r.name.startsWith('POST'))!;
  const bound = (cores * 1000) / argon2.hash;
  console.log(
    `login bound: ${cores} cores ÷ argon2id hash ${argon2.hash.toFixed(1)} ms (median of 20) = ${bound.toFixed(1)} sign-ins/s ` +
      `(verify, which sign-in runs: ${argon2.verify.toFixed(1)} ms → ${((cores * 1000) / argon2.verify).toFixed(1)}/s); ` +
      `measured ${login.rps.toFixed(1)}/s = ${((login.rps / bound) * 100).toFixed(0)}% of the bound ${login.rps / bound >= LOGIN_GOAL ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `goals (PostgreSQL): ${GOALS.map((g) => `${g.row.source.replace(/\\/g, '')}: ${g.ratio ? `≥ ${g.ratio} × hello, ` : ''}p99 ≤ ${g.p99} ms`).join('; ')}; sign-in ≥ ${LOGIN_GOAL * 100}% of the argon2 bound`,
  );
  const size = answerSizes.at(-1);
  if (size)
    console.log(
      `nearby answer (${CITIES[0].name}, 7 mi): ${size.count} results, ${(size.raw / 1024).toFixed(1)} KB as sent, ` +
        `${(size.gzip / 1024).toFixed(1)} KB gzip (goal ≤ 12 KB gzip for 50)`,
    );
  console.log(`Machine after ${engine}: ${machineLine()}`);
}

console.log(
  `API throughput: autocannon 9 in this process, the server and hello-world each in their own process, on ${cores} cores`,
);
console.log(`Machine at the start: ${machineLine()}`);
const helloPort = benchPort(3740) + 1;
for (const engine of engines) {
  const { env, cleanup, seedSeconds } = await prepare(engine);
  console.log(`\n[${engine}] seeded ${PROFESSIONALS} professionals in ${seedSeconds.toFixed(1)} s`);
  let server = await startServer(benchPort(3740), env);
  const hello = await startHello(helloPort);
  try {
    process.stderr.write('  … accounts\n');
    const customers: Session[] = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await createPaidAccount(server.baseUrl, 'customer'));
    // One account a connection for sign-in, so each account signs in once at a time, as people do.
    const signers = [...customers];
    while (signers.length < CONNECTIONS) signers.push(await createPaidAccount(server.baseUrl, 'customer'));
    const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });
    const json = { 'content-type': 'application/json' };
    const argon2 = await argon2Times();
    // Each customer reads their own record; autocannon's connections go round the list.
    const dataReads = customers.map((c) => ({
      path: `/api/customer-data/${encodeURIComponent(c.email)}`,
      headers: bearer(c),
    }));

    // hello-world, then the target, so each ratio is of two runs a few seconds apart.
    const hellos: Result[] = [];
    const load = async (name: string, url: string, requests: Request[], oneEach = false) => {
      const hello = await loadOnce('bare Koa hello-world', `http://127.0.0.1:${helloPort}`, [{ path: '/' }]);
      hellos.push(hello);
      return { ...(await loadOnce(name, url, requests, DURATION, oneEach)), helloRps: hello.rps };
    };
    const results: Result[] = [];
    results.push(await load('GET /api/health', server.baseUrl, [{ path: '/api/health' }]));
    results.push(await load(`GET /api/customer-data/{email} (${CUSTOMERS} customers)`, server.baseUrl, dataReads));
    results.push(
      await load(
        'GET /api/professionals (nearby, 7 mi)',
        server.baseUrl,
        CITIES.map((c, i) => ({
          path: `/api/professionals?lat=${c.lat}&lng=${c.lng}&radius=7&sort=distance`,
          headers: bearer(customers[i % CUSTOMERS]),
        })),
      ),
    );
    // Public profile pages of 10 listed professionals, rendered per request (Astro in the process).
    const listed = (await (
      await fetch(`${server.baseUrl}/api/professionals?sort=rating`, { headers: bearer(customers[0]) })
    ).json()) as { professionals: { id: number }[] };
    answerSizes.push(await nearbyAnswerSize(server.baseUrl, bearer(customers[0])));
    // Each at its one address (/professionals/{id}-{slug}): /professionals/{id} answers a 301 to it.
    const profiles = await Promise.all(
      listed.professionals.slice(0, 10).map(async (p) => {
        const moved = await fetch(`${server.baseUrl}/professionals/${p.id}`, { redirect: 'manual' });
        const path = new URL(moved.headers.get('location') ?? `/professionals/${p.id}`, server.baseUrl).pathname;
        return { path, headers: { 'accept-encoding': 'br' } };
      }),
    );
    results.push(await load(`GET /professionals/{id} (${profiles.length} profile pages)`, server.baseUrl, profiles));
    results.push(
      await load(
        `POST /api/auth/login (${signers.length} accounts)`,
        server.baseUrl,
        signers.map((a) => ({
          method: 'POST' as const,
          path: '/api/auth/login',
          headers: json,
          body: JSON.stringify({ loginMethod: 'email', email: a.email, password: a.password, accountType: 'customer' }),
        })),
        true,
      ),
    );
    // The same reads from a server with the read cache off: what each read costs the database.
    await server.stop();
    server = await startServer(benchPort(3740), { ...env, READ_CACHE: 'off' });
    results.push(await load(`GET /api/customer-data/{email} READ_CACHE=off`, server.baseUrl, dataReads));
    const helloMedian = [...hellos].sort((a, b) => a.rps - b.rps)[Math.floor(hellos.length / 2)];
    print(engine, results, helloMedian, argon2);
  } finally {
    await stopChild(hello);
    await server.stop();
    await cleanup();
  }
}
