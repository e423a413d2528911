/**
 * Backup and restore, tested (docs/OPERATIONS.md): fills a database through a running server
 * (accounts, bookings, chat, an affiliate payout), takes `pg_dump -Fc` while the server runs,
 * restores it with `pg_restore` into a fresh database, and compares every table's row count and
 * content checksum; then starts a server on the restored copy and signs in with an account made
 * before the dump.
 *
 *   npm run bench:backup
 *
 * Uses databases rel_backup_<pid> and rel_restore_<pid> on /var/run/postgresql (dropped after) and
 * port 3830–3831; needs pg_dump and pg_restore on PATH.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  account,
  adminToken,
  call,
  count,
  dayAhead,
  openAllWeek,
  pgClient,
  sharedDatabase,
  sleep,
  startServer,
} from './lib/procs.ts';

export const RESTORE_PREAMBLE =
  'CREATE EXTENSION cube; CREATE EXTENSION earthdistance; ALTER FUNCTION ll_to_earth(float8, float8) SET search_path = public;';

const source = await sharedDatabase(`rel_backup_${process.pid}`);
const restoreName = `rel_restore_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'rel-backup-'));
const dumpFile = join(dir, 'marketplace.dump');
const user = process.env.PGUSER ?? userInfo().username;
let failed = true;
const server = await startServer(3830, { DATABASE_URL: source.url });
try {
  // Some of everything.
  const admin = await adminToken(server.url);
  const pro = await account(server.url, 'professional');
  const customers = await Promise.all(Array.from({ length: 10 }, () => account(server.url, 'customer')));
  const db = await pgClient(source.url);
  await openAllWeek(db);
  await db.end();
  for (const [i, c] of customers.entries()) {
    const booked = await call(server.url, '/api/bookings', {
      token: c.token,
      json: { professionalId: pro.userId, date: dayAhead(1 + i), time: '10:00' },
    });
    await call(server.url, `/api/bookings/${booked.body.booking.id}/messages`, {
      token: c.token,
      json: { body: 'See you then' },
    });
  }
  const aff = await call(server.url, '/api/affiliate-signup', {
    json: {
      firstName: 'Kofi',
      lastName: 'Refer',
      email: `rel-backup-aff-${process.pid}@example.com`,
      phone: `050${String(process.pid).padStart(7, '0').slice(-7)}`,
      password: 'affiliate-pass-1',
      location: 'Accra',
      payoutMethod: 'mobile-money',
      momoNumber: '0559990001',
      agreeToTerms: true,
    },
  });
  await call(server.url, '/api/dev/affiliate-credit', { json: { email: aff.body.user.email, amount: 250 } });
  const payout = await call(server.url, '/api/affiliate/payouts', { token: aff.body.token, json: {} });
  await call(server.url, `/api/admin/payouts/${payout.body.payout.id}/approve`, {
    method: 'PUT',
    token: admin,
    json: {},
  });

  // The server's delivery worker marks outbox rows sent every 5 s; wait until it has nothing left,
  // so the source stays as the dump saw it while the two are compared.
  const probe = await pgClient(source.url);
  for (
    let i = 0;
    i < 100 && (await count(probe, "select count(*) n from notifications where status = 'pending'")) > 0;
    i++
  )
    await sleep(200);
  await probe.end();

  // The backup, taken while the server runs (pg_dump reads one consistent snapshot).
  const t0 = Date.now();
  execFileSync('pg_dump', [
    '-Fc',
    '-h',
    '/var/run/postgresql',
    '-U',
    user,
    '-f',
    dumpFile,
    `rel_backup_${process.pid}`,
  ]);
  const dumpMs = Date.now() - t0;
  const t1 = Date.now();
  execFileSync('createdb', ['-h', '/var/run/postgresql', '-U', user, restoreName]);
  // pg_restore runs with an empty search_path, and earthdistance's ll_to_earth() names the `earth`
  // type unqualified, so rebuilding the location index fails ("type earth does not exist"). Create
  // the extensions first with that function pinned to public; the dump's CREATE EXTENSION IF NOT
  // EXISTS then leaves them be. (docs/OPERATIONS.md "Backups and restore")
  execFileSync('psql', [
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-h',
    '/var/run/postgresql',
    '-U',
    user,
    '-d',
    restoreName,
    '-c',
    RESTORE_PREAMBLE,
  ]);
  execFileSync('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    '-h',
    '/var/run/postgresql',
    '-U',
    user,
    '-d',
    restoreName,
    dumpFile,
  ]);
  const restoreMs = Date.now() - t1;
  console.log(
    `pg_dump -Fc: ${statSync(dumpFile).size} bytes in ${dumpMs} ms; pg_restore into a new database: ${restoreMs} ms`,
  );

  // Every table: same rows, same content.
  const restoredUrl = `postgresql:///${restoreName}?host=/var/run/postgresql&user=${user}`;
  const [a, b] = [await pgClient(source.url), new pg.Client({ connectionString: restoredUrl })];
  await b.connect();
  const tables = (
    await a.query(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).rows.map((r) => r.table_name as string);
  let differ = 0;
  let rows = 0;
  for (const t of tables) {
    const q = `select count(*) n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') h from "${t}" x`;
    const [ra, rb] = [(await a.query(q)).rows[0], (await b.query(q)).rows[0]];
    rows += Number(ra.n);
    if (ra.n !== rb.n || ra.h !== rb.h) {
      differ++;
      console.log(`  ${t}: ${ra.n} rows before, ${rb.n} after${ra.h !== rb.h ? ' (content differs)' : ''}`);
    }
  }
  await a.end();
  await b.end();
  console.log(`tables compared: ${tables.length}, rows: ${rows}, tables that differ: ${differ}`);

  // The restored copy serves: sign in with an account made before the dump.
  const restored = await startServer(3831, { DATABASE_URL: restoredUrl });
  const signIn = await call(restored.url, '/api/auth/login', {
    json: { email: customers[0].body.email, password: customers[0].body.password },
  });
  const bookings = await call(restored.url, '/api/bookings', { token: signIn.body.token });
  restored.proc.kill('SIGTERM');
  await restored.exited;
  console.log(
    `server on the restored database: sign-in ${signIn.status}, that customer's bookings: ${bookings.body.bookings?.length}`,
  );
  failed = differ > 0 || signIn.status !== 200 || bookings.body.bookings?.length !== 1;
  console.log(failed ? 'RESULT: restore does not match' : 'RESULT: restore matches the backup');
} finally {
  server.proc.kill('SIGTERM');
  await server.exited;
  try {
    execFileSync('dropdb', ['-h', '/var/run/postgresql', '-U', user, '--if-exists', '--force', restoreName]);
  } catch {
    // nothing to drop
  }
  await source.drop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
