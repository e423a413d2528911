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

export const collections = { legal, faq };
