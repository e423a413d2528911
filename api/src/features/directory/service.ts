import { addTime } from '../../../../contract/dates.ts';
import {
  DIRECTORY_MAX_PAGE,
  DIRECTORY_PAGE_SIZE,
  SITEMAP_FILE_URLS,
  SITEMAP_KEPT_MS,
  publicName,
  type DirectoryPage,
  type PublicProfessional,
  type PublicProfile,
} from '../../../../contract/directory.ts';
import type { Listing } from '../../../../contract/professionals.ts';
import { parseMediaPath, photoUrl } from '../../../../contract/photos.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import { workPhotos } from '../photos/index.ts';
import type { Db } from '../../db.ts';
import { findListing, findListings } from '../professionals/index.ts';
import { directoryCount, directoryIds, latestReviews, listedCount, namesOf, ratingTally, sitemapRows } from './repo.ts';

/**
 * The public directory and profile pages (docs/PRODUCT.md "Public directory"): listed
 * professionals only, as anyone may see them. Built from the search's own listing so the rules
 * of who is listed stay in one place.
 */
export function toPublic(listing: Listing, person: Person | undefined): PublicProfessional {
  return {
    id: listing.id,
    name: person ? publicName(person.firstName, person.lastName) : '',
    profession: listing.profession,
    area: listing.location ?? 'Ghana',
    baseRate: listing.baseRate,
    maxRate: listing.maxRate,
    rateNegotiable: listing.rateNegotiable,
    rating: listing.rating,
    reviews: listing.reviews,
    verified: listing.verified,
    avatar: listing.avatar,
    reliability: listing.reliability,
  };
}

interface Person {
  firstName: string;
  lastName: string;
}

/** Names by id: the listing carries the full name, the directory shows only the last one's initial. */
async function people(db: Db, ids: number[]): Promise<Map<number, Person>> {
  const rows = await namesOf(db, ids);
  return new Map(rows.map((r) => [Number(r.id), { firstName: String(r.first_name), lastName: String(r.last_name) }]));
}

/** One page of the directory, best rated first (new professionals after the rated ones), then oldest. */
export async function listDirectory(
  db: Db,
  filters: { category: string; city: string; page: number },
  now: Date,
): Promise<DirectoryPage> {
  const total = await directoryCount(db, filters, now);
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));
  // A page past the end (an old link, a typed number) shows the last one, not an empty list.
  const page = Math.min(Math.max(1, filters.page), pages, DIRECTORY_MAX_PAGE);
  const ids = await directoryIds(db, filters, now, (page - 1) * DIRECTORY_PAGE_SIZE, DIRECTORY_PAGE_SIZE);
  const [listings, names] = await Promise.all([findListings(db, ids, now), people(db, ids)]);
  return {
    professionals: listings.map((l) => toPublic(l, names.get(l.id))),
    total,
    page,
    pages,
  };
}

/** A listed professional's page, or undefined (not a professional, lapsed, suspended or deleted). */
export async function publicProfile(db: Db, id: number, now: Date): Promise<PublicProfile | undefined> {
  const listing = await findListing(db, id, now);
  if (!listing) return undefined;
  const [names, reviews, counts, work] = await Promise.all([
    people(db, [id]),
    latestReviews(db, id),
    ratingTally(db, id),
    workPhotos(db, id),
  ]);
  const avatar = listing.avatar ? parseMediaPath(listing.avatar) : null;
  const ratingCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as PublicProfile['ratingCounts'];
  for (const row of counts) ratingCounts[Number(row.rating) as 1 | 2 | 3 | 4 | 5] = Number(row.n);
  return {
    ...toPublic(listing, names.get(id)),
    avatarLarge: avatar ? photoUrl(avatar.hash, 'large') : null,
    workPhotos: work,
    bio: listing.bio,
    experience: listing.experience,
    skills: listing.skills,
    availability: { days: listing.availability.days, hours: listing.availability.hours },
    response: listing.response,
    completedJobs: listing.completedJobs,
    ratingCounts,
    reviewList: reviews.map((r) => ({
      id: Number(r.id),
      customerId: Number(r.customer_id),
      rating: Number(r.rating),
      comment: r.comment ?? '',
      customerName: publicName(r.first_name, r.last_name),
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/**
 * Listed professionals' ids, professions and names for the sitemap's file number `file` (from 1):
 * SITEMAP_FILE_URLS of them, oldest account first.
 */
export async function directoryEntries(
  db: Db,
  now: Date,
  file = 1,
): Promise<Pick<PublicProfessional, 'id' | 'name' | 'profession'>[]> {
  const rows = await sitemapRows(db, now, (file - 1) * SITEMAP_FILE_URLS, SITEMAP_FILE_URLS);
  return rows.map((r) => ({ id: Number(r.id), name: publicName(r.first_name, r.last_name), profession: r.profession }));
}

/** How many files of professionals the sitemap has (none while nobody is listed). */
export async function sitemapFileCount(db: Db, now: Date): Promise<number> {
  return Math.ceil((await listedCount(db, now)) / SITEMAP_FILE_URLS);
}

/**
 * `count()`, worked out at most once per SITEMAP_KEPT_MS of `clock` (one count at a time): how long
 * /sitemap.xml itself is kept, so a file it names is never refused. A file number past the last is
 * then refused with no statement at all, where each used to cost a count of every listed
 * professional and a scan past them (tens of milliseconds of the database per anonymous request).
 */
function keptSitemapCount(clock: { now(): Date }, count: (now: Date) => Promise<number>): () => Promise<number> {
  let kept: { files: number; from: Date; until: Date } | null = null;
  let counting: Promise<number> | null = null;
  return () => {
    const now = clock.now();
    // Valid for clock times in [from, until): a test clock moved back counts again too.
    if (kept && kept.from <= now && now < kept.until) return Promise.resolve(kept.files);
    counting ??= count(now)
      .then((files) => {
        kept = { files, from: now, until: addTime(now, { ms: SITEMAP_KEPT_MS }) };
        return files;
      })
      .finally(() => {
        counting = null;
      });
    return counting;
  };
}

/** What the directory pages (rendered per request by Astro) read, through Astro.locals. */
export interface DirectoryReader {
  list(filters: { category: string; city: string; page: number }): Promise<DirectoryPage>;
  profile(id: number): Promise<PublicProfile | undefined>;
  /** The professionals of the sitemap's file number `file` (from 1). */
  entries(file: number): Promise<Pick<PublicProfessional, 'id' | 'name' | 'profession'>[]>;
  /** How many files of professionals the sitemap has. */
  sitemapFiles(): Promise<number>;
  /** The address people reach the site at, for absolute links in shared previews and the sitemap. */
  publicUrl: string;
}

/**
 * With a read cache, a profile is kept until the database announces a change to the professional
 * or to a reviewer (their name shows), or a minute passes (a lapse by the clock alone).
 */
export function directoryReader(
  db: Db,
  clock: { now(): Date },
  publicUrl: string,
  readCache?: ReadCache,
): DirectoryReader {
  const profile = (id: number) => publicProfile(db, id, clock.now());
  const sitemapFiles = keptSitemapCount(clock, (now) => sitemapFileCount(db, now));
  return {
    list: (filters) => listDirectory(db, filters, clock.now()),
    profile: readCache
      ? (id) =>
          readCache.get(`public-profile:${id}`, clock.now(), () => profile(id), {
            users: (p) => [id, ...(p ? p.reviewList.map((r) => r.customerId) : [])],
          })
      : profile,
    entries: async (file) =>
      Number.isSafeInteger(file) && file >= 1 && file <= (await sitemapFiles())
        ? directoryEntries(db, clock.now(), file)
        : [],
    sitemapFiles,
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}
