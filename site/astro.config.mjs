import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import buildSteps from './integrations/build-steps.ts';
import { routeDeclarationsForTheBrowser } from './integrations/browser-routes.ts';

/** The shell every island wraps itself in (error screens, loading, fields, focus, avatars). */
const CORE_UI = [
  'AppShell',
  'Avatar',
  'DataList',
  'DownloadMyData',
  'ErrorBoundary',
  'GenericErrorScreen',
  'GuardLoading',
  'IdentifierChoice',
  'KeptTap',
  'NetworkErrorScreen',
  'OfflineBanner',
  'kit',
  'PhotoPicker',
  'ProfilePhoto',
  'StartupFailure',
  'UnreadBadge',
  'avatar',
  'fields',
  'kept-tap',
  'shell',
  'unread',
  'useFocus',
  'useFocusBack',
  'useHydrated',
  'useModalDialog',
  'useUserEvents',
];

/** The site's shared code: the contract, lib/, stores/ and the shell in ui/ (what the dashboards alone use stays with them). */
const SHARED_CODE = new RegExp(
  [
    String.raw`[\\/]contract[\\/]`,
    String.raw`[\\/]site[\\/]src[\\/]lib[\\/](?!dashboard-format)`,
    String.raw`[\\/]site[\\/]src[\\/]stores[\\/](?!professional|find-pro)`,
    String.raw`[\\/]site[\\/]src[\\/]ui[\\/](${CORE_UI.join('|')}|LengthPicker|length-picker)\.`,
    String.raw`vite[\\/]preload-helper`,
  ].join('|'),
);
/**
 * The islands of the pages a visitor waits on before having a session, each with a budget of
 * 110 KB gzip of JS (bench/page-weight.ts "auth"): sign-in, sign-up, affiliate sign-up and the
 * administrators' sign-in, and the toast host sign-in shows its answers in. What they import,
 * directly or not, is the `core` chunk.
 */
const FIRST_VISIT_ISLANDS =
  /[\\/]site[\\/]src[\\/]islands[\\/](SignIn[\\/]SignIn|SignUpWizard[\\/]SignUpWizard|AffiliateWizard[\\/]AffiliateWizard|AdminConsole[\\/]AdminLogin|ToastHost[\\/]ToastHost)\.tsx$/;

/**
 * Names `core` each module of SHARED_CODE that a first-visit island imports statically (directly or
 * through other modules); null for the others, which the `app` group takes. Were all of
 * SHARED_CODE one `core`, and half of it (the live-update store, the bookings, location, photo
 * and contact stores, the dates, most of the contract) would go to every sign-in: 111 KB, over budget.
 * Read bottom-up, from the module's static importers, once per module (the site's code has no
 * import cycles: Biome's noImportCycles).
 */
function firstVisitCore() {
  const reached = new Map();
  const fromFirstVisit = (id, ctx) => {
    if (reached.has(id)) return reached.get(id);
    reached.set(id, false); // a cycle (none today) would end here rather than loop
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    const answer = FIRST_VISIT_ISLANDS.test(id) || importers.some((importer) => fromFirstVisit(importer, ctx));
    reached.set(id, answer);
    return answer;
  };
  return (id, ctx) => (fromFirstVisit(id, ctx) ? 'core' : null);
}

/**
 * A dynamic import()'s scripts are not preloaded (its stylesheets still are): Chromium 150
 * remembers a module preload that failed (the signal was gone when a part was opened) and refuses
 * that module for the rest of the page's life, so the part could never load back online. Without
 * the preloads a part opened offline fails on its own file only, which a retry asks for under a new
 * address (ui/part-loader.ts). The cost: a round trip per level of a part's own imports. Astro sets
 * the build's modulePreload itself, so this is said per environment, after it.
 */
function noScriptPreloadsForDynamicImports() {
  return {
    name: 'no-script-preloads-for-dynamic-imports',
    configEnvironment(name, config) {
      if (name !== 'client') return;
      config.build ??= {};
      config.build.modulePreload = {
        polyfill: false,
        resolveDependencies: (_file, deps, { hostType }) =>
          hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
      };
    },
  };
}

// Pages are pre-rendered; the few marked `prerender = false` (diagnostics only) are rendered by the
// node adapter in middleware mode, mounted inside the Koa server (api/src/site.ts).
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  // buildSteps after the others: it finishes the pages they wrote (preloads, policies, .br/.gz).
  integrations: [react(), buildSteps()],
  trailingSlash: 'ignore',
  // The stylesheet goes into each page: on a 300 ms round trip a separate file would hold back
  // both first paint and the islands' loader (inline scripts wait for pending stylesheets).
  build: { format: 'directory', inlineStylesheets: 'always' },
  server: { port: 4321 },
  vite: {
    plugins: [noScriptPreloadsForDynamicImports(), routeDeclarationsForTheBrowser()],
    build: {
      rolldownOptions: {
        output: {
          // Three shared chunks (vendor, core, app) instead of a score of small ones: on 3G each
          // extra level of imports costs a round trip, and HTTP/1.1 asks for six files at a time
          // (docs/BENCHMARKS.md).
          codeSplitting: {
            groups: [
              { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 20 },
              // Vite's helper for dynamic import() joins the shared code: on its own it was a sixth
              // file for /signin. `core` is what the first-visit forms run (sign-in, sign-up,
              // affiliate sign-up, the admin sign-in), `app` the rest of the shared code that two
              // parts or more use, which only signed-in pages need: each form keeps within its 110 KB
              // (docs/BENCHMARKS.md "Page weight"); what one part alone uses (an affiliate's
              // sign-ups, the phone-menu PIN) stays with that part instead of going to every page. What only the dashboards use (Tabs, Modal, DashboardParts, the
              // professional's store, its formats) stays with them.
              { name: firstVisitCore(), test: SHARED_CODE, priority: 15 },
              { name: 'app', test: SHARED_CODE, priority: 10, minShareCount: 2 },
            ],
          },
        },
      },
    },
    server: {
      // `astro dev` forwards API calls to the Koa server started by `npm run dev:api`.
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
  },
  security: {
    // Astro builds a page's origin without the port (it trusts no Host header unless told which),
    // so its own check refused every same-site form; the server checks a form's Origin itself
    // (api/src/site.ts), where the real host is known.
    checkOrigin: false,
    // Astro hashes its own inline scripts and styles into a <meta> CSP; the server adds the
    // header-only directives (frame-ancestors and friends) in api/src/http/security-headers.ts.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "connect-src 'self' https://api.paystack.co https://checkout.paystack.com",
        'frame-src https://checkout.paystack.com https://standard.paystack.co',
        "font-src 'self'",
        // The service worker and the web app manifest, named rather than left to fall back.
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'", 'https://js.paystack.co'] },
      styleDirective: { resources: ["'self'", 'https://paystack.com'] },
    },
  },
});
