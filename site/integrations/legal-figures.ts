import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Loader } from 'astro/loaders';
import { formatCedis } from '../../contract/money.ts';
import {
  AFFILIATE_COMMISSION_RATE,
  AFFILIATE_MINIMUM_PAYOUT_CEDIS,
  DEFAULT_PLAN_PRICES,
  PLANS,
} from '../../contract/plans.ts';
import { RETENTION_YEARS } from '../../contract/privacy.ts';
import { GRACE_DAYS, REMINDER_DAYS } from '../../contract/subscriptions.ts';

/**
 * The product's figures the legal pages (content/legal/*.md) state, written there as `{{name}}`
 * and filled in at build time from the constants the product itself runs on, so the pages and the
 * product never disagree (README "Changing the legal pages"). A figure of these kinds written by
 * hand (a cedi amount, a percentage, the grace or reminder days, the years data is kept) stops the
 * build with the file and line, and so does a `{{name}}` that names no figure.
 */
export const LEGAL_FIGURES: Readonly<Record<string, string>> = {
  customerPrice: formatCedis(PLANS.customer.amount),
  professionalPrice: formatCedis(PLANS.professional.amount),
  commissionPercent: `${Math.round(AFFILIATE_COMMISSION_RATE * 100)}%`,
  customerCommission: formatCedis(DEFAULT_PLAN_PRICES.commissions.customer, { fixed: true }),
  professionalCommission: formatCedis(DEFAULT_PLAN_PRICES.commissions.professional, { fixed: true }),
  minimumPayout: formatCedis(AFFILIATE_MINIMUM_PAYOUT_CEDIS),
  graceDays: String(GRACE_DAYS),
  reminderDays: String(REMINDER_DAYS),
  retentionYears: String(RETENTION_YEARS),
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Figures that must come from a placeholder: what each looks like, and the names to use instead. */
const BY_HAND: { what: RegExp; where?: RegExp; use: string[] }[] = [
  {
    what: /(?:₵|GH₵|GHS|cedis?\s)\s?\d[\d,]*(?:\.\d+)?/gi,
    use: ['customerPrice', 'professionalPrice', 'customerCommission', 'professionalCommission', 'minimumPayout'],
  },
  { what: /\d+(?:\.\d+)?\s?(?:%|per ?cent)/gi, use: ['commissionPercent'] },
  { what: /\b\d+[\s-]days?\b/gi, where: /grace/i, use: ['graceDays'] },
  { what: /\b\d+[\s-]days?\b/gi, where: /remind/i, use: ['reminderDays'] },
  { what: /\b\d+[\s-]years?\b/gi, where: /\b(?:kept|keep|retention|deleted|anonymised)\b/i, use: ['retentionYears'] },
];

/**
 * What is wrong with one legal page, each as "path:line: what to do": figures written by hand
 * where a placeholder must stand, and placeholders that name no figure. `path` is as the editor
 * knows the file (content/legal/terms.md).
 */
export function checkLegalText(path: string, text: string): string[] {
  const problems: string[] = [];
  const lines = text.split(/\r?\n/);
  const frontmatterEnd = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  lines.forEach((line, index) => {
    const at = `${path}:${index + 1}`;
    for (const [, name] of line.matchAll(PLACEHOLDER)) {
      if (index <= frontmatterEnd) problems.push(`${at}: {{${name}}} is in the page's header; figures go in the text.`);
      else if (!(name in LEGAL_FIGURES))
        problems.push(`${at}: {{${name}}} names no figure. The figures are: ${names(Object.keys(LEGAL_FIGURES))}.`);
    }
    const written = line.replace(PLACEHOLDER, '');
    for (const rule of BY_HAND) {
      if (rule.where && !rule.where.test(written)) continue;
      for (const [figure] of written.matchAll(rule.what)) {
        problems.push(
          `${at}: "${figure.trim()}" is written by hand. Write ${names(rule.use, ' or ')} instead, so the page says what the product does.`,
        );
      }
    }
  });
  return problems;
}

const names = (list: string[], joiner = ', ') => list.map((name) => `{{${name}}}`).join(joiner);

/** The text with every `{{name}}` replaced by its figure (checkLegalText has refused unknown names). */
export const fillFigures = (text: string): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => LEGAL_FIGURES[name] ?? whole);

/**
 * Checks every legal page under `dir` (content/legal, or a copy named by CONTENT_DIR) and stops
 * the build with every problem, each naming its file and line.
 */
export function assertLegalPages(dir: string, shownAs = 'content/legal'): void {
  const problems = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .flatMap((name) => checkLegalText(`${shownAs}/${name}`, readFileSync(join(dir, name), 'utf8')));
  if (problems.length)
    throw new Error(
      `The legal pages disagree with the product (README "Changing the legal pages"):\n${problems.join('\n')}`,
    );
}

/** The header (`key: value` lines between the first two `---`) and the text of a page. */
export function splitPage(text: string): { data: Record<string, string>; body: string } {
  const lines = text.split(/\r?\n/);
  const end = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  const data: Record<string, string> = {};
  for (const line of lines.slice(1, Math.max(end, 1))) {
    const colon = line.indexOf(':');
    if (colon > 0)
      data[line.slice(0, colon).trim()] = line
        .slice(colon + 1)
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2');
  }
  return { data, body: lines.slice(end + 1).join('\n') };
}

/**
 * The legal pages' content loader: each `*.md` under `dir`, checked (assertLegalPages), its
 * figures filled in, then rendered by Astro's own markdown step.
 */
export function legalLoader(dir: string): Loader {
  return {
    name: 'legal-pages',
    async load({ store, parseData, renderMarkdown, generateDigest, config, logger, watcher }) {
      const sync = async () => {
        assertLegalPages(dir, shownDir(dir, config.root));
        store.clear();
        for (const name of readdirSync(dir).filter((file) => file.endsWith('.md'))) {
          const path = join(dir, name);
          const contents = readFileSync(path, 'utf8');
          const { data, body } = splitPage(contents);
          const id = name.replace(/\.md$/, '');
          const filled = fillFigures(body);
          store.set({
            id,
            data: await parseData({ id, data, filePath: path }),
            body: filled,
            rendered: await renderMarkdown(filled, { fileURL: pathToFileURL(path) }),
            digest: generateDigest(contents),
          });
        }
      };
      await sync();
      // `npm run dev`: a page saved again is checked and shown again; a problem is logged, the last good pages stay.
      watcher?.add(dir);
      watcher?.on('change', (changed) => {
        if (changed.startsWith(normalize(dir)) && changed.endsWith('.md'))
          sync().catch((error: Error) => logger.error(error.message));
      });
    },
  };
}

/** The folder as the editor knows it: content/legal, or the CONTENT_DIR copy. */
const shownDir = (dir: string, root: URL) => {
  const shown = relative(fileURLToPath(new URL('..', root)), dir);
  return shown.startsWith('..') ? normalize(dir).replace(/\/$/, '') : shown.replace(/\/$/, '');
};
