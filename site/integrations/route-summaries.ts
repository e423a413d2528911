/**
 * A route's `summary` (contract/route.ts) is one line for the OpenAPI document, which the API
 * draws; the browser never reads it. Left in, the summaries of every route a page can call cost a
 * first sign-in about 2 KB on 3G, so the site's build drops them from contract/ modules.
 */

const STRING = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60(?:[^\x60\\]|\\.)*\x60)`;
/** `summary: '…',` as a property of an object literal, on its own line(s), the string possibly on the next line. */
const SUMMARY = new RegExp(String.raw`\n[ \t]*summary:\s*${STRING}(?:\s*\+\s*${STRING})*\s*,?(?=\s*\n)`, 'g');

/** The source of a contract module without its routes' summaries. */
export const withoutSummaries = (code: string): string => code.replace(SUMMARY, '');

const isContract = (id: string) => /[\\/]contract[\\/][^\\/]+\.ts$/.test(id) && !id.endsWith('.test.ts');

/** The Vite plugin: contract modules lose their routes' summaries in the site's bundles. */
export function routeSummariesStayOnServer() {
  return {
    name: 'route-summaries-stay-on-server',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!isContract(id) || !code.includes('summary:')) return null;
      return { code: withoutSummaries(code), map: null };
    },
  };
}
