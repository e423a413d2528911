/**
 * Text made safe inside HTML, SVG or XML, between tags or in a quoted attribute (&#39; is valid in
 * all three): the support form's pages, the share cards, the sitemaps.
 */
export const escapeMarkup = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
