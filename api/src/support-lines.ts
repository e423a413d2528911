import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './site.ts';

/**
 * The support lines people are sent to (the /support page, built from content/support/contact.json).
 * The repository ships placeholders ("+233 24 000 0000", "030 000 0000"); a number whose last
 * seven digits are all 0 is one of them (docs/OPERATIONS.md "Before launch").
 */
export const SUPPORT_CONTACT_FILE = join(projectRoot, 'content', 'support', 'contact.json');
const NUMBER_LINES = ['whatsapp', 'phone'] as const;
/** A line's text is a few words: more is not a phone number, and is not looked into. */
const MAX_LINE_CHARS = 100;

/** The number lines (whatsapp, phone) still set to a placeholder, in `contact` (the file's JSON). */
export function placeholderSupportLines(contact: unknown): string[] {
  const lines = (typeof contact === 'object' && contact !== null ? contact : {}) as Record<string, unknown>;
  return NUMBER_LINES.filter((name) => {
    const value = (lines[name] as { value?: unknown } | undefined)?.value;
    if (typeof value !== 'string' || value.length > MAX_LINE_CHARS) return false;
    const digits = value.replace(/\D/g, '');
    return digits.length >= 9 && /0{7}$/.test(digits);
  });
}

/** What to do about placeholder lines at start: refuse where real customers pay, warn elsewhere. */
export function supportLinesVerdict(
  placeholders: string[],
  where: { production: boolean; realPayments: boolean },
): { refuse: boolean; message: string } | null {
  if (placeholders.length === 0) return null;
  const names = placeholders.map((name) => (name === 'whatsapp' ? 'WhatsApp number' : 'phone number')).join(' and ');
  const message = `the support ${names} in content/support/contact.json ${placeholders.length > 1 ? 'are' : 'is'} still the placeholder: put the real line there, then build again (npm run build)`;
  return { refuse: where.production && where.realPayments, message };
}

/** The placeholder lines of the contact file this server ships, or none if it cannot be read. */
export function shippedPlaceholderLines(file: string = SUPPORT_CONTACT_FILE): string[] {
  try {
    return placeholderSupportLines(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return [];
  }
}
