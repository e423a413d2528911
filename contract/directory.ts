import { z } from 'zod/mini';
import { CATEGORIES } from './categories.ts';
import { CITY_NAMES } from './cities.ts';
import type { Weekday } from './professionals.ts';
import { MINUTE_MS } from './dates.ts';

/**
 * The public directory (/professionals) and profile pages (/professionals/{id}): what anyone may
 * see of a listed professional without an account (docs/PRODUCT.md "Public directory"). Never the
 * last name in full, the street address, the phone, the email or the exact position.
 */
export const DIRECTORY_PAGE_SIZE = 24;
export const DIRECTORY_MAX_PAGE = 200;

export interface PublicProfessional {
  id: number;
  /** First name and the initial of the last: "Kwame A." */
  name: string;
  profession: string;
  /** The city they work in, or "Ghana" when they gave none. */
  area: string;
  baseRate: number;
  maxRate: number;
  rateNegotiable: boolean;
  rating: number | null;
  reviews: number;
  verified: boolean;
  avatar: string | null;
  /** The last 90 days in plain words (docs/PRODUCT.md "Cancellations that count"). */
  reliability: string;
}

export interface PublicProfile extends PublicProfessional {
  /** The profile photo's large size, for a shared link's preview (Open Graph). */
  avatarLarge: string | null;
  /** Up to 6 photos of their work. */
  workPhotos: { thumb: string; large: string; width: number; height: number }[];
  bio: string;
  experience: string;
  skills: string[];
  availability: { days: Weekday[]; hours: string };
  response: string | null;
  completedJobs: number;
  /** How many reviews gave each rating, 5 down to 1. */
  ratingCounts: Record<1 | 2 | 3 | 4 | 5, number>;
  /** `customerId` is for the server's cache only: the page shows the name. */
  reviewList: {
    id: number;
    customerId: number;
    rating: number;
    comment: string;
    customerName: string;
    createdAt: string;
  }[];
}

export interface DirectoryPage {
  professionals: PublicProfessional[];
  total: number;
  page: number;
  pages: number;
}

/** `?category=Plumber&city=Kumasi&page=2`: a category value or name, a known city; anything else is refused. */
export const directoryQuerySchema = z.object({
  category: z._default(
    z.optional(
      z.pipe(
        z.string().check(z.maxLength(40)),
        z.transform(
          (v) =>
            CATEGORIES.find(
              (c) => c.value.toLowerCase() === v.toLowerCase() || c.name.toLowerCase() === v.toLowerCase(),
            )?.name ?? (v === '' ? '' : null),
        ),
      ),
    ),
    '',
  ),
  city: z._default(
    z.optional(
      z.string().check(
        z.maxLength(40),
        z.refine((v) => v === '' || (CITY_NAMES as string[]).includes(v), 'Unknown city'),
      ),
    ),
    '',
  ),
  page: z._default(z.optional(z.pipe(z.string().check(z.maxLength(4), z.regex(/^\d+$/)), z.transform(Number))), 1),
});

/** "Kwame Asante" → "Kwame A." (the directory never shows a last name in full). */
export const publicName = (firstName: string, lastName: string): string =>
  `${firstName} ${lastName.trim().charAt(0).toUpperCase()}.`;

/** The profile page's address: the id, then a readable slug that is never needed to find it. */
export const profilePath = (p: Pick<PublicProfessional, 'id' | 'name' | 'profession'>): string => {
  const slug = `${p.name}-${p.profession}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `/professionals/${p.id}${slug ? `-${slug}` : ''}`;
};

/**
 * The sitemap (docs/PRODUCT.md "Public directory"): /sitemap.xml is an index of files, as the
 * sitemap protocol has it for sites past one file's 50,000 addresses: SITEMAP_PAGES_PATH (the
 * public pages and the directory by category), then the listed professionals, oldest first,
 * SITEMAP_FILE_URLS to a file (about 1 MB, a few tens of milliseconds to render).
 */
export const SITEMAP_FILE_URLS = 10_000;
export const SITEMAP_PAGES_PATH = '/sitemaps/pages.xml';
/** The n-th file of professionals (from 1). */
export const sitemapProfessionalsPath = (n: number): string => `/sitemaps/professionals-${n}.xml`;
/** The server keeps the sitemap and each file this long: a new professional reaches search engines that much later. */
export const SITEMAP_KEPT_MS = 10 * MINUTE_MS;

/** A professional's share card (the image a shared link shows when they have no photo). */
export const shareCardPath = (id: number): string => `/cards/professionals/${id}.png`;
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
