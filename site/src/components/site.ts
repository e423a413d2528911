/** Site-wide facts for the public pages (not in contract/: only the static pages use them). */
export const SITE_NAME = 'ServiceConnect Ghana';

/**
 * Support channels and hours (spec 001 §9). The numbers and address are placeholders until the
 * business publishes its real support lines: change them here and rebuild.
 */
export const SUPPORT = {
  whatsappDisplay: '+233 24 000 0000',
  whatsappLink: 'https://wa.me/233240000000',
  phoneDisplay: '030 000 0000',
  phoneLink: 'tel:+233300000000',
  email: 'support@serviceconnect.com.gh',
  hours: 'Monday–Friday, 8:00–18:00 GMT',
  affiliateHours: '9:00–17:00',
} as const;

/** Copyright year shown in the footer (spec 000 §2: 2024). */
export const COPYRIGHT_YEAR = 2024;
