import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import buildSteps from './integrations/build-steps.ts';

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
  'NetworkErrorScreen',
  'PasswordField',
  'PhotoPicker',
  'ProfilePhoto',
  'StartupFailure',
  'UnreadBadge',
  'avatar',
  'fields',
  'shell',
  'unread',
  'useFocus',
  'useFocusBack',
  'useHydrated',
  'useModalDialog',
  'useUserEvents',
];

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
    build: {
      rolldownOptions: {
        output: {
          // Two shared chunks instead of a score of small ones: on 3G each extra level of imports
          // costs a round trip, and HTTP/1.1 asks for six files at a time (docs/BENCHMARKS.md).
          codeSplitting: {
            groups: [
              { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 20 },
              // Vite's helper for dynamic import() joins core: on its own it was a sixth file for /signin.
              // Core is what every island uses (the shell in ui/, lib/, stores/); what only the
              // dashboards use (Tabs, Modal, DashboardParts, the professional's store, its formats)
              // stays with them, so sign-in and sign-up keep within 110 KB (docs/BENCHMARKS.md).
              {
                name: 'core',
                test: new RegExp(
                  [
                    String.raw`[\\/]contract[\\/]`,
                    String.raw`[\\/]site[\\/]src[\\/]lib[\\/](?!dashboard-format)`,
                    String.raw`[\\/]site[\\/]src[\\/]stores[\\/](?!professional|find-pro)`,
                    String.raw`[\\/]site[\\/]src[\\/]ui[\\/](${CORE_UI.join('|')})\.`,
                    String.raw`vite[\\/]preload-helper`,
                  ].join('|'),
                ),
                priority: 10,
              },
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
        // The service worker and the web app manifest (issue #27), named rather than left to fall back.
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
