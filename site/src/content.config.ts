// Content collections read from ../content (edited by content people, not developers).
// CONTENT_DIR (absolute, or relative to site/) points the build at another copy, e.g. in tests.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

const contentDir = (process.env.CONTENT_DIR ?? '../content').replace(/\/+$/, '');

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: `${contentDir}/legal` }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    lastUpdated: z.coerce.date(),
  }),
});

const faq = defineCollection({
  loader: file(`${contentDir}/support/faq.json`),
  schema: z.object({
    question: z.string(),
    answer: z.string(),
  }),
});

/**
 * Support lines and hours (content/support/contact.json), shown on /support: the business keeps
 * them true without a developer. A line left empty is not shown, rather than a number that rings nowhere.
 */
const contact = defineCollection({
  loader: file(`${contentDir}/support/contact.json`),
  schema: z.object({ value: z.string(), note: z.string().optional() }),
});

export const collections = { legal, faq, contact };
