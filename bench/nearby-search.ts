/**
 * Nearby search at scale (issue #4): p50/p95 of the real search query (radius 7 miles, sorted by
 * distance, 50 results) at 10k, 100k and 1M generated professionals across Ghana, on PostgreSQL
 * (BENCH_DATABASE_URL, a server where this user may create databases) and on PGlite. Prints a
 * table; asserts nothing.
 *
 *   BENCH_DATABASE_URL='postgresql:///postgres?host=/var/run/postgresql' npm run bench:nearby
 *   npm run bench:nearby -- --sizes 10000,100000 --engines pglite
 */
import { CITIES } from '../contract/cities.ts';
import { closeDb, createDb, migrate, type Db } from '../api/src/db.ts';
import { generateProfessionals as generate } from './lib/seed.ts';
import { searchProfessionals } from '../api/src/features/professionals/search.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg('sizes', '10000,100000,1000000').split(',').map(Number);
const engines = arg('engines', process.env.BENCH_DATABASE_URL ? 'postgres,pglite' : 'pglite').split(',');
const QUERIES = Number(arg('queries', '200'));
const now = new Date();

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(db: Db) {
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < QUERIES + 20; i++) {
    const city = CITIES[i % CITIES.length];
    const near = { lat: city.lat + (rand() - 0.5) * 0.1, lng: city.lng + (rand() - 0.5) * 0.1, radius: 7 };
    const start = performance.now();
    const list = await searchProfessionals(db, { q: '', category: '', sort: 'distance', near, limit: 50, now });
    const ms = performance.now() - start;
    if (i >= 20) {
      times.push(ms); // the first 20 warm the caches
      found += list.professionals.length;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), results: found / QUERIES };
}

async function openEngine(engine: string, n: number): Promise<{ db: Db; done: () => Promise<void> }> {
  if (engine === 'pglite') {
    const db = await createDb({ dataDir: 'memory://' });
    return { db, done: () => closeDb(db) };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error('postgres needs BENCH_DATABASE_URL');
  const admin = await createDb({ databaseUrl: adminUrl });
  const name = `bench_nearby_${n}`;
  await admin.raw(`drop database if exists ${name} with (force)`);
  await admin.raw(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString() });
  return {
    db,
    done: async () => {
      await closeDb(db);
      await admin.raw(`drop database if exists ${name} with (force)`);
      await closeDb(admin);
    },
  };
}

console.log(`Nearby search, radius 7 miles, sort by distance, 50 results; ${QUERIES} queries near the 10 cities\n`);
console.log('engine'.padEnd(10), 'professionals'.padStart(13), 'load s'.padStart(8), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'avg found'.padStart(10));
for (const engine of engines) {
  for (const n of sizes) {
    const { db, done } = await openEngine(engine, n);
    try {
      await migrate(db);
      const loadStart = performance.now();
      await generate(db, n);
      const load = (performance.now() - loadStart) / 1000;
      const r = await measure(db);
      console.log(
        engine.padEnd(10),
        String(n).padStart(13),
        load.toFixed(1).padStart(8),
        r.p50.toFixed(2).padStart(8),
        r.p95.toFixed(2).padStart(8),
        r.results.toFixed(1).padStart(10),
      );
    } finally {
      await done();
    }
  }
}
