import { rewriteBuiltPages } from './built-pages.ts';

/**
 * Build step: each page names, in <head>, every module its `client:load` islands import
 * statically, as <link rel="modulepreload">. Without it the browser learns of the modules level
 * by level (the island loader asks for the component, the component's imports name the next
 * files…), one 300 ms round trip per level on 3G; with it, all of them are asked for as soon as
 * the head arrives. Islands that hydrate later (client:idle, client:visible) are left to load
 * when they are needed, so they do not compete with the form a person is waiting for.
 *
 * Which module imports which comes from the client bundle itself (`ModuleGraph`, collected by
 * the integration in build-steps.ts), not from reading the minified files.
 */

/** Each client module's site path (/_astro/x.js) → the site paths it imports statically, in order. */
export type ModuleGraph = ReadonlyMap<string, readonly string[]>;

const ISLAND = /<astro-island\b[^>]*>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The site paths of the modules each `client:load` island in `html` needs before it can run. */
export function eagerEntries(html: string): string[] {
  const entries = new Set<string>();
  for (const [tag] of html.matchAll(ISLAND)) {
    if (attribute(tag, 'client') !== 'load') continue;
    for (const name of ['renderer-url', 'component-url']) {
      const url = attribute(tag, name);
      if (url?.startsWith('/')) entries.add(url);
    }
  }
  return [...entries];
}

/**
 * `entries` and everything they import statically, each once, as site paths (/_astro/x.js).
 * Dynamic `import()`s are not followed: they load when they are needed. A page naming a module
 * the bundle does not have fails the build.
 */
export function staticClosure(graph: ModuleGraph, entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (url: string): void => {
    if (seen.has(url)) return;
    const imports = graph.get(url);
    if (!imports) throw new Error(`A page loads ${url}, which the client build did not write.`);
    seen.add(url);
    for (const imported of imports) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/** `html` with a modulepreload link for each of `urls` just before </head> (unchanged if none). */
export function withModulePreloads(html: string, urls: string[]): string {
  if (urls.length === 0 || html.includes('rel="modulepreload"')) return html;
  const links = urls.map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** Adds the links to every pre-rendered page under `clientDir`. Returns how many pages changed. */
export function addModulePreloads(clientDir: string, graph: ModuleGraph): Promise<number> {
  return rewriteBuiltPages(clientDir, (html) => withModulePreloads(html, staticClosure(graph, eagerEntries(html))));
}
