import { categoryValue } from '../../../../contract/categories.ts';
import type { Conn } from '../../db.ts';
import { listedProfessionals } from '../professionals/index.ts';

/** The directory's queries (docs/PRODUCT.md "Public directory"): listed professionals only, as the search lists them. */

/** First and last names by id (the directory shows the last one's initial only). */
export const namesOf = (conn: Conn, ids: number[]) =>
  conn('users').whereIn('id', ids).select('id', 'first_name', 'last_name');

type DirectoryFilters = { category: string; city: string };
const matching = (conn: Conn, filters: DirectoryFilters, now: Date) =>
  listedProfessionals(conn, now).modify((q) => {
    if (filters.category) q.where('p.category', categoryValue(filters.category).toLowerCase());
    if (filters.city) q.where('u.location', filters.city);
  });

/** How many listed professionals match the filters. */
export async function directoryCount(conn: Conn, filters: DirectoryFilters, now: Date): Promise<number> {
  const [{ n }] = await matching(conn, filters, now).count({ n: '*' });
  return Number(n);
}

/** The ids of one page of them: best rated first (new professionals after the rated ones), then oldest. */
export async function directoryIds(
  conn: Conn,
  filters: DirectoryFilters,
  now: Date,
  offset: number,
  limit: number,
): Promise<number[]> {
  const rows: { id: number }[] = await matching(conn, filters, now)
    .orderBy([{ column: 'p.rating_key' }, { column: 'p.reviews_key' }, { column: 'u.id' }])
    .offset(offset)
    .limit(limit)
    .select('u.id');
  return rows.map((r) => Number(r.id));
}

/** A professional's latest 20 reviews with their writers' names, newest first. */
export const latestReviews = (conn: Conn, professionalId: number) =>
  conn('reviews as r')
    .join('users as u', 'u.id', 'r.customer_id')
    .where('r.professional_id', professionalId)
    .orderBy('r.id', 'desc')
    .limit(20)
    .select('r.id', 'r.customer_id', 'r.rating', 'r.comment', 'r.created_at', 'u.first_name', 'u.last_name');

/** How many reviews gave each rating. */
export const ratingTally = (conn: Conn, professionalId: number) =>
  conn('reviews')
    .where({ professional_id: professionalId })
    .groupBy('rating')
    .select('rating')
    .count({ n: '*' }) as Promise<{ rating: number; n: number | string }[]>;

/** One sitemap file's listed professionals (ids, names, professions), oldest account first. */
export const sitemapRows = (conn: Conn, now: Date, offset: number, limit: number) =>
  listedProfessionals(conn, now)
    .orderBy('u.id')
    .offset(offset)
    .limit(limit)
    .select('u.id', 'u.first_name', 'u.last_name', 'p.profession');

/** How many professionals are listed. */
export async function listedCount(conn: Conn, now: Date): Promise<number> {
  const [{ n }] = await listedProfessionals(conn, now).count({ n: '*' });
  return Number(n);
}
