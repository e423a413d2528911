/**
 * Nearby search at scale: p25/p50/p75/p95 of the real search (radius 7 miles,
 * 50 results, near Accra) for every sort, for all categories and for one, at 100k and 1M generated
 * professionals (bench/lib/seed.ts), on PostgreSQL (BENCH_DATABASE_URL, a server where this user
 * may create databases) and on PGlite. Goals (PostgreSQL): p95 <= 5 ms by distance,
 * <= 20 ms by the other sorts, 1M within 2x of 100k. A control row reads 50 listings by id (the
 * cost of any page of 50 without searching) in the same run. Prints a table; asserts nothing.
 *
 *   BENCH_DATABASE_URL='postgresql:///postgres?host=/var/run/postgresql' npm run bench:nearby
 *   npm run bench:nearby -- --sizes 10000,100000 --engines pglite
 */
import { CITIES } from '../contract/cities.ts';
import { closeDb, createDb, migrate, type Db } from '../api/src/db.ts';
import { generateProfessionals as generate } from './lib/seed.ts';
import { findListings } from '../api/src/features/professionals/repo.ts';
import { searchProfessionals } from '../api/src/features/professionals/search.ts';
import { SORTS, type Sort } from '../contract/professionals.ts';
import { arg } from './lib/args.ts';

const sizes = arg('sizes', '100000,1000000').split(',').map(Number);
const engines = arg('engines', process.env.BENCH_DATABASE_URL ? 'postgres,pglite' : 'pglite').split(',');
const QUERIES = Number(arg('queries', '200'));
const now = new Date();

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The densest place: every city has the same share of professionals; Accra also has its suburbs' rural share. */
const ACCRA = CITIES.find((c) => c.name === 'Accra')!;

type Figures = { p25: number; p50: number; p75: number; p95: number; results: number };

/** `query` QUERIES times after 20 that warm the caches; it answers how many results it found. */
async function timed(query: (i: number) => Promise<number>): Promise<Figures> {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < QUERIES + 20; i++) {
    const start = performance.now();
    const results = await query(i);
    if (i >= 20) {
      times.push(performance.now() - start);
      found += results;
    }
  }
  times.sort((a, b) => a - b);
  return {
    p25: percentile(times, 25),
    p50: percentile(times, 50),
    p75: percentile(times, 75),
    p95: percentile(times, 95),
    results: found / QUERIES,
  };
}

/** One search repeated near Accra (a different spot each time, within 3.5 miles of the centre). */
function measure(db: Db, sort: Sort, category: string) {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return timed(async () => {
    const near = { lat: ACCRA.lat + (rand() - 0.5) * 0.1, lng: ACCRA.lng + (rand() - 0.5) * 0.1, radius: 7 };
    return (await searchProfessionals(db, { q: '', category, sort, near, limit: 50, now })).professionals.length;
  });
}

function print(engine: string, n: number, sort: string, category: string, r: Figures) {
  console.log(
    [engine.padEnd(8), String(n).padStart(13), sort.padEnd(10), category.padEnd(9)].join(' '),
    [r.p25, r.p50, r.p75, r.p95].map((ms) => ms.toFixed(2).padStart(7)).join(' '),
    r.results.toFixed(1).padStart(7),
  );
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

console.log(
  `Nearby search near Accra, radius 7 miles, 50 results; ${QUERIES} queries per row (after 20 to warm up); ms, including the listing rows\n`,
);
console.log(
  [
    'engine'.padEnd(8),
    'professionals'.padStart(13),
    'sort'.padEnd(10),
    'category'.padEnd(9),
    'p25',
    'p50',
    'p75',
    'p95',
  ]
    .map((h) => h.padStart(h.length > 3 ? h.length : 7))
    .join(' '),
  '  found',
);
for (const engine of engines) {
  for (const n of sizes) {
    const { db, done } = await openEngine(engine, n);
    try {
      await migrate(db);
      const loadStart = performance.now();
      await generate(db, n);
      await db.raw('vacuum analyze professional_profiles');
      console.log(
        `${engine}: ${n} professionals generated and indexed in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
      );
      // Control: the same 50 listings read by id (no searching), what any page of 50 costs.
      const ids = (await db('professional_profiles').orderBy('user_id').limit(50).pluck('user_id')).map(Number);
      const control = await timed(() => findListings(db, ids, now).then((list) => list.length));
      print(engine, n, 'by id', 'control', control);
      for (const sort of SORTS) {
        for (const category of ['', 'Plumber']) {
          const r = await measure(db, sort, category);
          print(engine, n, sort, category || 'all', r);
        }
      }
    } finally {
      await done();
    }
  }
}
