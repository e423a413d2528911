/**
 * The browser reads two things of a route declaration (contract/route.ts): its method and its
 * path (`call` in site/src/lib/call.ts). The rest is the server's: the query and body schemas it
 * parses with, who may call, the success status, and the summary for the OpenAPI document. Left in,
 * every route a page can call brings its schemas and words into the page's JavaScript (2 KB and
 * more of a first sign-in on 3G), so the site's build keeps only the method and the path of each
 * `export const x = route({ … });` in contract/ modules. Schemas a form validates with are imported
 * by the form itself and stay.
 */

/** A top-level declaration: `= route({`, its properties one per line (two spaces in), `});`. */
const DECLARATION = /(=\s*route\(\{\n)([\s\S]*?)(\n\}\);)/g;
const KEPT = /^ {2}(method|path):/;
const PROPERTY = /^ {2}\S/;

/** The source of a contract module whose route declarations hold only their method and path. */
export function browserRouteDeclarations(code: string): string {
  return code.replace(DECLARATION, (_whole, open: string, body: string, close: string) => {
    const kept: string[] = [];
    let keeping = false;
    for (const line of body.split('\n')) {
      if (PROPERTY.test(line)) keeping = KEPT.test(line);
      else if (/^\s*\/\//.test(line) && !/^ {3,}/.test(line)) keeping = false;
      if (keeping) kept.push(line);
    }
    return `${open}${kept.join('\n')}${close}`;
  });
}

const isContract = (id: string) => /[\\/]contract[\\/][^\\/]+\.ts$/.test(id) && !id.endsWith('.test.ts');

/** The Vite plugin: route declarations of contract/ modules keep only their method and path in the site's bundles. */
export function routeDeclarationsForTheBrowser() {
  return {
    name: 'route-declarations-for-the-browser',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!isContract(id) || !code.includes('route({')) return null;
      return { code: browserRouteDeclarations(code), map: null };
    },
  };
}
