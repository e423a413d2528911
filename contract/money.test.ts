import { describe, expect, it } from 'vitest';
import { type GuardRule, linesBreaking, linesOutsideModule } from './source-files.test-helper.ts';
import {
  formatCedis,
  formatCedisText,
  PESEWA_MESSAGES,
  roundToPesewa,
  toCedis,
  toPesewas,
  wholePesewas,
} from './money.ts';

describe('contract/money.ts', () => {
  it('turns cedis into whole pesewas, rounding to the nearest', () => {
    expect(toPesewas(27)).toBe(2700);
    expect(toPesewas(27.5)).toBe(2750);
    expect(toPesewas(0.29)).toBe(29); // 0.29 × 100 is 28.999999999999996
    expect(toPesewas(10.004)).toBe(1000);
    expect(toPesewas(10.006)).toBe(1001);
    expect(toPesewas(0)).toBe(0);
  });

  it('turns pesewas from database rows into cedis: numbers, strings, bigints, and null as ₵0', () => {
    expect(toCedis(2750)).toBe(27.5);
    expect(toCedis('16200')).toBe(162);
    expect(toCedis(1080n)).toBe(10.8);
    expect(toCedis(null)).toBe(0);
    expect(toCedis(undefined)).toBe(0);
    expect(toCedis(toPesewas(145.8))).toBe(145.8);
  });

  it('rounds amounts worked out from a rate to the pesewa', () => {
    expect(roundToPesewa(27 * 0.4)).toBe(10.8);
    expect(roundToPesewa(33 * 0.7)).toBe(23.1);
    expect(roundToPesewa(45.555)).toBe(45.56);
  });

  it('accepts amounts typed with at most 2 decimals', () => {
    expect(wholePesewas(45)).toBe(true);
    expect(wholePesewas(45.5)).toBe(true);
    expect(wholePesewas(0.29)).toBe(true);
    expect(wholePesewas(0.001)).toBe(false);
    expect(wholePesewas(45.555)).toBe(false);
    expect(PESEWA_MESSAGES.decimals).toBe('Use cedis with at most 2 decimals, such as 45 or 45.50');
  });

  it('shows cedis on screens in en-GH digits with the ₵ sign, 0–2 decimals, or exactly 2 when fixed', () => {
    expect(formatCedis(10)).toBe('₵10');
    expect(formatCedis(27)).toBe('₵27');
    expect(formatCedis(10.8)).toBe('₵10.8');
    expect(formatCedis(1250)).toBe('₵1,250');
    expect(formatCedis(4, { fixed: true })).toBe('₵4.00');
    expect(formatCedis(10.8, { fixed: true })).toBe('₵10.80');
    expect(formatCedis(1250, { fixed: true })).toBe('₵1,250.00');
  });

  it('writes cedis in texts as plain digits: as the amount is, fixed to 2 decimals, or GHS for an SMS', () => {
    expect(formatCedisText(27)).toBe('₵27');
    expect(formatCedisText(27.5)).toBe('₵27.5');
    expect(formatCedisText(10000)).toBe('₵10000');
    expect(formatCedisText(27, { fixed: true })).toBe('₵27.00');
    expect(formatCedisText(10.8, { fixed: true })).toBe('₵10.80');
    expect(formatCedisText(1250, { fixed: true })).toBe('₵1250.00');
    expect(formatCedisText(10, { fixed: true, sms: true })).toBe('GHS 10.00');
  });
});

/**
 * The guard: money is converted and written for people only in contract/money.ts. Each
 * rule is a shape only money takes here; percentages (`(done / asked) * 100`,
 * `AFFILIATE_COMMISSION_RATE * 100`) and discounts (`(100 - percent) / 100`) do not match.
 */
const PESEWA_NAME = String.raw`(?:pesewas|Pesewas|PESEWAS|kobo|Kobo)\w*`;
const CEDI_NAME = String.raw`\b\w*(?:cedis|Cedis|CEDIS|Rate|rate|price|Price|amount|Amount)`;
const RULES: GuardRule[] = [
  [
    new RegExp(String.raw`${PESEWA_NAME}(?:\([^()]*\)|\[[^\]]*\])?(?:\s*\?\?\s*0)?\)*\s*\/\s*100(?![\d.])`),
    'pesewas divided by 100 (toCedis)',
  ],
  [new RegExp(String.raw`${CEDI_NAME}(?:\.\w+)*\s*\*\s*100(?![\d.])`), 'cedis times 100 (toPesewas)'],
  [/Math\.round\(\s*[a-z][\w.]*\s*\*\s*100\s*\)/, 'cedis rounded to pesewas (toPesewas)'],
  [/\*\s*100\s*\)\s*\/\s*100(?![\d.])/, 'cedis rounded to the pesewa (roundToPesewa)'],
  [
    /\b(?:const|let|var|function)\s+(?:cedis|ghs|toPesewas|toCedis|formatCedis|formatCedisText|roundToPesewa|wholePesewas)\b/,
    'a money helper of its own',
  ],
  [/₵\s*\$?\{|₵\s*$|['"]₵['"]\s*\+/, 'a ₵ amount written by hand (formatCedis or formatCedisText)'],
  [/\bGHS\s*\$\{|['"]GHS ['"]\s*\+/, 'a GHS amount written by hand (formatCedisText with sms)'],
  [/\.toFixed\(2\)/, 'an amount fixed to 2 decimals by hand (formatCedis or formatCedisText with fixed)'],
  [/style:\s*['"]currency['"]/, 'a currency format of its own (formatCedis)'],
];

const moneyOutsideModule = (source: string) => linesBreaking(source, RULES);

describe('money goes through contract/money.ts', () => {
  it('finds each shape of a conversion or format by hand, and no percentage', () => {
    const caught = [
      'const cedis = (pesewas: unknown) => Number(pesewas ?? 0) / 100;',
      'totalAmount: r.total_pesewas / 100,',
      'const price = (settings.pricePesewas[type] ?? 0) / 100;',
      'price: lengthPricePesewas(monthly, months, discounts) / 100,',
      '<dd>{cedis(intent.amountKobo / 100)}</dd>',
      'base_rate_pesewas: Math.round(rates.baseRate * 100),',
      'if (balance < AFFILIATE_MINIMUM_PAYOUT_CEDIS * 100) throw x;',
      'agreed = Math.round(proposed * 100);',
      'min: Math.round(baseRate * 0.7 * 100) / 100,',
      'const ghs = (pesewas: number) => x;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: lines of source, read as text
      'text: `at ₵${b.agreedRate}/hour`,',
      '<strong>₵{prices[type]}</strong>/month',
      "const label = '₵' + amount;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: lines of source, read as text
      'subject: `Payout ${p.status}: ${p.amount.toFixed(2)}`,',
      'new Intl.NumberFormat("en-GH", { style: "currency", currency: "GHS" })',
    ];
    for (const line of caught) expect(moneyOutsideModule(line), line).not.toEqual([]);
    const percentages = [
      'successRate: answered > 0 ? Math.round((completed / answered) * 100) : null,',
      'const percent = Math.round(AFFILIATE_COMMISSION_RATE * 100);',
      'return Math.round((monthlyPesewas * months * (100 - percent)) / 100);',
      'const percent = Math.round((commissions.customer / prices.customer) * 100);',
      'const rounded = Math.round(miles * 10) / 10;',
      "label: 'Customer plan (₵ per month)',",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: lines of source, read as text
      '// We received ₵${amount}: a comment',
    ];
    for (const line of percentages) expect(moneyOutsideModule(line), line).toEqual([]);
  });

  it('finds no money converted or formatted outside it in contract/, api/src/ and site/src/', () => {
    const { files, found } = linesOutsideModule('contract/money.ts', RULES);
    expect(files).toBeGreaterThan(100);
    expect(found, found.join('\n')).toEqual([]);
  });
});
