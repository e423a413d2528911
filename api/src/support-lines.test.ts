import { describe, expect, it } from 'vitest';
import { placeholderSupportLines, shippedPlaceholderLines, supportLinesVerdict } from './support-lines.ts';

describe('support lines before launch', () => {
  it('finds the shipped placeholders, and real numbers are not placeholders', () => {
    expect(shippedPlaceholderLines()).toEqual(['whatsapp', 'phone']);
    expect(
      placeholderSupportLines({ whatsapp: { value: '+233 24 412 3456' }, phone: { value: '030 221 5500' } }),
    ).toEqual([]);
    expect(placeholderSupportLines({ whatsapp: { value: '0240000000' }, phone: { value: '' } })).toEqual(['whatsapp']);
    expect(placeholderSupportLines({ phone: { value: `0${'0'.repeat(5000)}` } })).toEqual([]);
    expect(placeholderSupportLines(null)).toEqual([]);
  });

  it('refuses to start where real customers pay, and warns on a TEST MODE or development server', () => {
    const both = ['whatsapp', 'phone'];
    expect(supportLinesVerdict(both, { production: true, realPayments: true })).toEqual({
      refuse: true,
      message:
        'the support WhatsApp number and phone number in content/support/contact.json are still the placeholder: put the real line there, then build again (npm run build)',
    });
    expect(supportLinesVerdict(['phone'], { production: true, realPayments: false })?.refuse).toBe(false);
    expect(supportLinesVerdict(both, { production: false, realPayments: true })?.refuse).toBe(false);
    expect(supportLinesVerdict([], { production: true, realPayments: true })).toBeNull();
  });
});
