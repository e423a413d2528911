import { describe, expect, it } from 'vitest';
import { supportLinks } from './site.ts';

describe('supportLinks (the /support channels from content/support/contact.json)', () => {
  it('links a Ghana number in either spelling, and gives no link for an empty line or a foreign number', () => {
    expect(supportLinks({ whatsapp: '+233 24 123 4567', phone: '030 221 0000', email: 'help@example.com' })).toEqual({
      whatsapp: 'https://wa.me/233241234567',
      phone: 'tel:+233302210000',
      email: 'mailto:help@example.com',
    });
    expect(supportLinks({ whatsapp: '', phone: '+44 20 7946 0000', email: '' })).toEqual({
      whatsapp: null,
      phone: null,
      email: null,
    });
  });
});
