/** The referral link and share targets (docs/PRODUCT.md "Affiliates, commission and payouts": the message holds the code and a link with ?ref=). */

export const signupLink = (origin: string, code: string): string => `${origin}/signup?ref=${encodeURIComponent(code)}`;

export const shareMessage = (code: string, link: string): string =>
  `Join ServiceConnect Ghana and find trusted local professionals. Use my referrer code ${code} when you sign up: ${link}`;

export interface ShareTarget {
  name: string;
  href: string;
}

/**
 * WhatsApp, Facebook and Twitter/X share pages (Facebook takes only the link, which holds the code);
 * Instagram has none, so the dashboard copies the message instead.
 */
export function shareTargets(code: string, link: string): ShareTarget[] {
  const message = encodeURIComponent(shareMessage(code, link));
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${message}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}` },
    { name: 'Twitter/X', href: `https://twitter.com/intent/tweet?text=${message}` },
  ];
}
