import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_PRICES, PLANS } from '../../contract/plans.ts';
import { GRACE_DAYS } from '../../contract/subscriptions.ts';
import { assertLegalPages, checkLegalText, fillFigures, LEGAL_FIGURES } from './legal-figures.ts';

const legal = join(import.meta.dirname, '..', '..', 'content', 'legal');
const page = (name: string) => readFileSync(join(legal, name), 'utf8');

describe('the legal pages say the figures the product runs on', () => {
  it('finds nothing wrong in content/legal as it is', () => {
    expect(() => assertLegalPages(legal)).not.toThrow();
  });

  it('fills each figure from the product constants', () => {
    const terms = fillFigures(page('terms.md'));
    expect(terms).toContain(`Customers pay **₵${PLANS.customer.amount} per month**`);
    expect(terms).toContain(`grace period of ${GRACE_DAYS} days`);
    const affiliate = fillFigures(page('affiliate-terms.md'));
    expect(affiliate).toContain(
      `**₵${DEFAULT_PLAN_PRICES.commissions.professional.toFixed(2)}** for each professional`,
    );
    expect(affiliate).not.toMatch(/\{\{/);
    expect(LEGAL_FIGURES.minimumPayout).toBe('₵250');
  });

  it('stops a page where an editor wrote a price by hand, naming the file and line', () => {
    const text = page('terms.md');
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.includes('{{customerPrice}}'));
    lines[at] = lines[at].replace('{{customerPrice}}', '₵12');
    const problems = checkLegalText('content/legal/terms.md', lines.join('\n'));
    expect(problems).toEqual([
      `content/legal/terms.md:${at + 1}: "₵12" is written by hand. Write {{customerPrice}} or {{professionalPrice}} or {{customerCommission}} or {{professionalCommission}} or {{minimumPayout}} instead, so the page says what the product does.`,
    ]);
  });

  it('stops the build on a wrong commission, grace period or unknown figure, each with its line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'legal-'));
    try {
      cpSync(legal, dir, { recursive: true });
      const plant = (name: string, from: string, to: string) => {
        const file = join(dir, name);
        const text = readFileSync(file, 'utf8');
        expect(text).toContain(from);
        writeFileSync(file, text.replace(from, to));
        return text.split('\n').findIndex((line) => line.includes(from)) + 1;
      };
      const percentLine = plant('affiliate-terms.md', '{{commissionPercent}}', '30%');
      const graceLine = plant('terms.md', 'grace period of {{graceDays}} days', 'grace period of 7 days');
      const unknownLine = plant('privacy.md', '{{retentionYears}}', '{{retentionYear}}');
      expect(() => assertLegalPages(dir)).toThrow(
        new RegExp(
          [
            `content/legal/affiliate-terms\\.md:${percentLine}: "30%" is written by hand\\. Write \\{\\{commissionPercent\\}\\}`,
            `content/legal/privacy\\.md:${unknownLine}: \\{\\{retentionYear\\}\\} names no figure\\.`,
            `content/legal/terms\\.md:${graceLine}: "7 days" is written by hand\\. Write \\{\\{graceDays\\}\\}`,
          ].join('[^]*'),
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps figures out of the page header, where nothing fills them in', () => {
    expect(checkLegalText('x.md', '---\ntitle: Plans from {{customerPrice}}\n---\nText')).toEqual([
      "x.md:2: {{customerPrice}} is in the page's header; figures go in the text.",
    ]);
  });
});
