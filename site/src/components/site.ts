/** Site-wide facts for the public pages (not in contract/: only the static pages use them). */
import { toE164 } from '../../../contract/phone.ts';
import { yearOf } from '../../../contract/dates.ts';

export const SITE_NAME = 'ServiceConnect Ghana';

/** The browser's colour for the page's frame (meta theme-color) and the installed app's (its manifest). */
export const THEME_COLOUR = '#006b3f';

/** Shown at the top of every page while payments run in the sandbox (api/src/site.ts adds it to built pages). */
export const TEST_MODE_BANNER =
  '<p class="test-mode-banner" role="note"><strong>TEST MODE</strong>: payments are simulated and no real money moves.</p>';

/**
 * The support lines as links: a Ghana number in either spelling becomes tel:+233… and wa.me/233…;
 * a line left empty, or a number that is not a Ghana number, gives no link, and /support leaves the
 * channel out rather than print a link that rings nowhere.
 */
export function supportLinks(lines: { whatsapp: string; phone: string; email: string }) {
  const whatsapp = toE164(lines.whatsapp);
  const phone = toE164(lines.phone);
  return {
    whatsapp: whatsapp ? `https://wa.me/${whatsapp.slice(1)}` : null,
    phone: phone ? `tel:${phone}` : null,
    email: lines.email ? `mailto:${lines.email}` : null,
  };
}

/** The footer's copyright year: the year the site was built (a year written by hand goes stale). */
export const COPYRIGHT_YEAR = yearOf(new Date());
