// Content collections read from ../content (edited by content people, not developers).
// CONTENT_DIR (absolute, or relative to site/) points the build at another copy, e.g. in tests.
import { defineCollection } from 'astro:content';
import { fileURLToPath } from 'node:url';
import { file } from 'astro/loaders';
import { legalLoader } from '../integrations/legal-figures.ts';
import { z } from 'astro/zod';

const contentDir = (process.env.CONTENT_DIR ?? '../content').replace(/\/+$/, '');
const siteRoot = new URL('../', import.meta.url);

// The legal pages state the product's figures as {{name}}, filled in from its constants (README "Changing the legal pages").
const legal = defineCollection({
  loader: legalLoader(fileURLToPath(new URL(`${contentDir}/legal/`, siteRoot))),
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
