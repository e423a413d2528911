import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { rewriteBuiltPages } from './built-pages.ts';

/**
 * Build step: each page names, in <head>, every module its `client:load` islands import
 * statically, as <link rel="modulepreload">. Without it the browser learns of the modules level
 * by level (the island loader asks for the component, the component's imports name the next
 * files…), one 300 ms round trip per level on 3G; with it, all of them are asked for as soon as
 * the head arrives. Islands that hydrate later (client:idle, client:visible) are left to load
 * when they are needed, so they do not compete with the form a person is waiting for.
 */

const ISLAND = /<astro-island\b[^>]*>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
// Minified ES modules: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`.
// Dynamic `import("./x.js")` has a parenthesis and is deliberately not matched.
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*"(\.{1,2}\/[^"]+\.js)"/g;

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

/** `entries` and everything they import statically, each once, as site paths (/_astro/x.js). */
export async function staticClosure(clientDir: string, entries: string[], read = (file: string) => readFile(file, 'utf8')): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    const source = await read(join(clientDir, url));
    for (const [, relative] of source.matchAll(STATIC_IMPORT)) await visit(posix.join(posix.dirname(url), relative));
  };
  for (const entry of entries) await visit(entry);
  return [...seen];
}

/** `html` with a modulepreload link for each of `urls` just before </head> (unchanged if none). */
export function withModulePreloads(html: string, urls: string[]): string {
  if (urls.length === 0 || html.includes('rel="modulepreload"')) return html;
  const links = urls.map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** Adds the links to every pre-rendered page under `clientDir`. Returns how many pages changed. */
export function addModulePreloads(clientDir: string): Promise<number> {
  return rewriteBuiltPages(clientDir, async (html) => withModulePreloads(html, await staticClosure(clientDir, eagerEntries(html))));
}
