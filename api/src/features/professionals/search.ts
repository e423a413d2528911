import { EARTH_RADIUS_MILES } from '../../../../contract/distance.ts';
import type { SearchCursor, Sort } from '../../../../contract/professionals.ts';
import type { Knex } from 'knex';
import { prepared, type Db } from '../../db.ts';
import type { Count, Int8 } from '../../db-tables.ts';
import { GRACE_START_SQL } from '../settings/index.ts';
import { CARD_COLUMNS, toSearchHit, type CardRow, type SearchHit } from './repo.ts';
import { professionalReliability } from '../bookings/reliability.ts';

/**
 * Finding professionals. Every answer is a walk along an index that stops once a page
 * is full, so its cost follows the page size, not how many professionals there are:
 * - nearest first: the GiST index on the position, read nearest-first (`<->`) inside the radius's box;
 * - another sort, near a position: the sort's B-tree index, whose entries carry the position, read
 *   in order and tested against the radius, for at most WALK_LIMIT entries; where professionals
 *   are so sparse that the walk does not fill a page (a village, or a rare category), everyone in
 *   the radius is read and sorted instead, which is then few;
 * - anywhere: the sort's B-tree index.
 * The migrations 20261125010000/010100 and 20261204000000 (the stored earth_position) give the
 * columns and indexes. The great-circle distance (R = 3959 miles, docs/PRODUCT.md "Distances") decides who is inside and
 * the distance shown.
 */
export interface SearchFilters {
  q: string;
  category: string;
  sort: Sort;
  near?: { lat: number; lng: number; radius: number };
  limit: number;
  now: Date;
  /** Continue after this result (from the previous page's `next`). */
  after?: SearchCursor;
}

export interface SearchPage {
  professionals: SearchHit[];
  /** Where the next page starts; null when this was the last. */
  next: SearchCursor | null;
}

/** Entries a sorted walk reads before reading the whole radius is surely cheaper (docs/BENCHMARKS.md). */
export const WALK_LIMIT = 4000;

/** earth_box works in metres on a sphere of 6,378,168 m; the distance shown uses R = 3959 miles. */
const EARTH_BOX_METRES_PER_RADIAN = 6_378_168;

/** The ascending column each sort reads (ties: the user id), as migration 20261125010000 defines them. */
const SORT_KEYS: Record<Exclude<Sort, 'distance'>, string> = {
  rating: 'rating_key',
  'price-low': 'base_rate_pesewas',
  'price-high': 'price_high_key',
  reviews: 'reviews_key',
};

type Sql = { sql: string; bindings: Knex.Value[] };
/** A search's row: the listing's columns, then the candidate query's own (h.*). */
type Row = CardRow & { user_id: Int8; sort_key: number; hit?: boolean; n?: Count };
type Near = NonNullable<SearchFilters['near']>;
const sql = (text: string, ...bindings: Knex.Value[]): Sql => ({ sql: text, bindings });
const and = (parts: Array<Sql | false | undefined>): Sql => {
  const kept = parts.filter((p): p is Sql => !!p);
  return { sql: kept.map((p) => p.sql).join(' and '), bindings: kept.flatMap((p) => p.bindings) };
};

/** The great-circle distance in miles (docs/PRODUCT.md "Distances") from the position of `alias`. */
const distance = (alias: string, at: { lat: number; lng: number }) =>
  sql(
    `(2 * ${EARTH_RADIUS_MILES} * asin(sqrt(power(sin(radians(${alias}.latitude - ?) / 2), 2)
      + cos(radians(?)) * cos(radians(${alias}.latitude)) * power(sin(radians(${alias}.longitude - ?) / 2), 2))))`,
    at.lat,
    at.lat,
    at.lng,
  );
/**
 * earthdistance's ll_to_earth(lat, lng), computed here as a cube's text: a value the planner knows
 * nothing about whichever place is asked, so a prepared search keeps one (generic) plan instead of
 * being planned again on every call, which cost more than the walk (docs/BENCHMARKS.md).
 */
function earthPoint({ lat, lng }: { lat: number; lng: number }): string {
  const la = lat * (Math.PI / 180);
  const lo = lng * (Math.PI / 180);
  const r = EARTH_BOX_METRES_PER_RADIAN;
  return `(${r * Math.cos(la) * Math.cos(lo)}, ${r * Math.cos(la) * Math.sin(lo)}, ${r * Math.sin(la)})`;
}

/** The chord through the Earth (cube distance): in the same order as the great-circle distance, and what the GiST index walks by. */
const chord = (at: { lat: number; lng: number }) => sql('(p.earth_position <-> ?::cube)', earthPoint(at));

/** The grace period's start (binding: now); a listing's paid period must end after it. */
const paid = (f: SearchFilters) => sql(`p.paid_until > ${GRACE_START_SQL}`, f.now);

/**
 * Who may be shown, as tests on the profile row alone, so each walk reads one index and one table:
 * an active professional account (the indexes hold only those), the category, and the text search
 * (name or profession, case-insensitive) through the user's row.
 */
function walkFilters(f: SearchFilters, key: Sql): Sql {
  const like = f.q && `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and([
    sql('p.account_active'),
    !!f.category && f.category !== 'all' && sql('p.category = ?', f.category.toLowerCase()),
    !!like &&
      sql(
        `(lower(p.profession) like ? or exists (select 1 from users u where u.id = p.user_id and lower(u.first_name || ' ' || u.last_name) like ?))`,
        like,
        like,
      ),
    !!f.after && sql(`(${key.sql}, p.user_id) > (?, ?)`, ...key.bindings, f.after.key, f.after.id),
  ]);
}

/** Latitude and longitude bounds a little wider than the radius (all longitudes near a pole or the date line). */
function degreesBox(near: Near): Sql {
  const degrees = (near.radius / EARTH_RADIUS_MILES) * (180 / Math.PI) * 1.01;
  const cos = Math.cos((Math.min(89, Math.abs(near.lat) + degrees) * Math.PI) / 180);
  const lngDegrees =
    Math.abs(near.lat) + degrees >= 89 || Math.abs(near.lng) + degrees / cos >= 180 ? 360 : degrees / cos;
  return sql(
    'p.latitude between ? and ? and p.longitude between ? and ?',
    near.lat - degrees,
    near.lat + degrees,
    near.lng - lngDegrees,
    near.lng + lngDegrees,
  );
}

/** The radius's bounding box, which the GiST index answers (a little larger than the radius). */
function inBox(near: Near): Sql {
  const boxMetres = (near.radius / EARTH_RADIUS_MILES) * EARTH_BOX_METRES_PER_RADIAN * 1.01;
  return sql('earth_box(?::earth, ?) @> p.earth_position', earthPoint(near), boxMetres);
}

/**
 * The listings of `candidates` (a query giving user_id, sort_key and distance, and perhaps more,
 * for at most a page and one), in their order: names and the rest are read for those rows only.
 */
async function listingsOf(db: Db, candidates: Sql): Promise<Row[]> {
  return run(
    db,
    sql(
      `select ${CARD_COLUMNS.join(', ')}, h.*
       from (${candidates.sql}) h join professional_profiles p on p.user_id = h.user_id join users u on u.id = h.user_id
       order by h.sort_key, h.user_id`,
      ...candidates.bindings,
    ),
  );
}

/** Sees each query a search runs (tests EXPLAIN them). */
export type QueryObserver = (query: { sql: string; bindings: readonly Knex.Value[] }) => void;
const observers = new WeakMap<Db, QueryObserver>();
export const observeSearchQueries = (db: Db, observer: QueryObserver | null) =>
  observer ? observers.set(db, observer) : observers.delete(db);

/** Runs one search query, prepared on PostgreSQL: planning it cost more than running it (docs/BENCHMARKS.md). */
async function run(db: Db, query: Sql): Promise<Row[]> {
  const observer = observers.get(db);
  if (observer) observer(db.raw(query.sql, query.bindings).toSQL().toNative());
  const { rows } = (await prepared(db.raw(query.sql, query.bindings))) as { rows: Row[] };
  return rows;
}

/**
 * Nearest first: the GiST index read nearest-first, keeping listed ones, until a page and one are
 * found; those beyond the radius are dropped afterwards (nearest-first: when one is beyond, so is
 * everyone after it, so the walk never reads further than a page).
 */
function nearestFirst(f: SearchFilters, near: Near, key: Sql, limit: number): Sql {
  const within = distance('p', near);
  const walk = and([walkFilters(f, key), paid(f)]);
  return sql(
    `select w.* from (
       select p.user_id, ${key.sql} as sort_key, ${within.sql} as distance
       from professional_profiles p where ${walk.sql} order by ${key.sql} limit ${limit}) w
     where w.distance <= ?`,
    ...key.bindings,
    ...within.bindings,
    ...walk.bindings,
    ...key.bindings,
    near.radius,
  );
}

/**
 * The index orders by distance alone, so when the last two of a walk are at exactly the same
 * distance (several people at one address), others at that distance may have been left out
 * anywhere: everyone at that distance, from the box it spans, so the page can be cut by id.
 */
function atDistance(f: SearchFilters, near: Near, key: Sql, chordMetres: number): Sql {
  const within = distance('p', near);
  const arcMetres =
    2 * EARTH_BOX_METRES_PER_RADIAN * Math.asin(Math.min(1, chordMetres / (2 * EARTH_BOX_METRES_PER_RADIAN))) + 1;
  const where = and([
    walkFilters(f, key),
    paid(f),
    sql('earth_box(?::earth, ?) @> p.earth_position', earthPoint(near), arcMetres),
    sql(`${key.sql} = ?`, ...key.bindings, chordMetres),
    sql(`${within.sql} <= ?`, ...within.bindings, near.radius),
  ]);
  return sql(
    `select p.user_id, ${key.sql} as sort_key, ${within.sql} as distance from professional_profiles p where ${where.sql}`,
    ...key.bindings,
    ...within.bindings,
    ...where.bindings,
  );
}

/**
 * Another order near a position: the sort's index read in order (position and paid period come
 * from the index), keeping who is listed and inside the radius, until a page and one are found or
 * WALK_LIMIT entries are read. Rows stream: a dense city fills the page after a few hundred. The
 * WALK_LIMIT-th entry comes back too (`hit` false unless it is one), saying the walk was cut there.
 */
function sortedWalk(f: SearchFilters, near: Near, key: Sql, limit: number): Sql {
  const within = distance('p', near);
  const walk = walkFilters(f, key);
  const listed = paid(f);
  const box = degreesBox(near); // two comparisons spare most entries the trigonometry
  return sql(
    `select w.user_id, w.sort_key, w.distance, w.hit, w.n from (
       select p.user_id, ${key.sql} as sort_key, ${within.sql} as distance,
         ${listed.sql} and ${box.sql} and ${within.sql} <= ? as hit, row_number() over (order by ${key.sql}, p.user_id) as n
       from professional_profiles p where ${walk.sql}
       order by ${key.sql}, p.user_id limit ${WALK_LIMIT}) w
     where w.hit or w.n = ${WALK_LIMIT} limit ${limit}`, // the cut entry comes before a page is full, or not at all
    ...key.bindings,
    ...within.bindings,
    ...listed.bindings,
    ...box.bindings,
    ...within.bindings,
    near.radius,
    ...key.bindings,
    ...walk.bindings,
    ...key.bindings,
  );
}

/** Everyone listed inside the radius (or anywhere, without a position), sorted: the sort's index, or the box's. */
function sortedAll(f: SearchFilters, near: Near | undefined, key: Sql, limit: number): Sql {
  const shown = near ? distance('p', near) : sql('null::float8');
  const within = near && distance('p', near);
  const where = and([
    walkFilters(f, key),
    paid(f),
    near && inBox(near),
    within && sql(`${within.sql} <= ?`, ...within.bindings, near.radius),
  ]);
  return sql(
    `select p.user_id, ${key.sql} as sort_key, ${shown.sql} as distance
     from professional_profiles p where ${where.sql}
     order by ${key.sql}, p.user_id limit ${limit}`,
    ...key.bindings,
    ...shown.bindings,
    ...where.bindings,
    ...key.bindings,
  );
}

/** The order a search really has: nearest first needs a position, and without one it is by rating. */
export const effectiveSort = (sort: Sort, hasPosition: boolean): Sort =>
  sort === 'distance' && !hasPosition ? 'rating' : sort;

export async function searchProfessionals(db: Db, f: SearchFilters): Promise<SearchPage> {
  const sort = effectiveSort(f.sort, !!f.near);
  const key = sort === 'distance' ? chord(f.near!) : sql(`p.${SORT_KEYS[sort]}`);
  // One more than a page says whether there is a next one. Written into the SQL, not bound: a
  // prepared statement's plan then knows it (always SEARCH_PAGE_SIZE + 1 from the route).
  const limit = Math.trunc(f.limit) + 1;
  let rows: Row[];
  if (!f.near) rows = await listingsOf(db, sortedAll(f, undefined, key, limit));
  else if (sort === 'distance') {
    rows = await listingsOf(db, nearestFirst(f, f.near, key, limit));
    const [last, beforeLast] = [...rows].sort((a, b) => b.sort_key - a.sort_key);
    if (rows.length === limit && last.sort_key === beforeLast.sort_key) {
      const tied = await listingsOf(db, atDistance(f, f.near, key, last.sort_key));
      const known = new Set(rows.map((row) => row.user_id));
      rows = [...rows, ...tied.filter((row) => !known.has(row.user_id))]
        .sort((a, b) => a.sort_key - b.sort_key || Number(a.user_id) - Number(b.user_id))
        .slice(0, limit);
    }
  } else {
    const walked = await listingsOf(db, sortedWalk(f, f.near, key, limit));
    rows = walked.filter((row) => row.hit);
    // A short page from a walk that was cut may have missed people further along: read the radius.
    const cut = walked.some((row) => Number(row.n) === WALK_LIMIT);
    if (rows.length < limit && cut) rows = await listingsOf(db, sortedAll(f, f.near, key, limit));
  }
  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  const figures = await professionalReliability(
    db,
    page.map((row) => Number(row.id)),
    f.now,
  );
  return {
    professionals: page.map((row) => toSearchHit(row, figures)),
    next: rows.length > f.limit && last ? { sort, key: Number(last.sort_key), id: Number(last.id) } : null,
  };
}
