// Types for what the server passes to pages rendered per request (api/src/site.ts SiteLocals).
declare namespace App {
  interface Locals {
    /** Diagnostic pages are served only when this is true (config DIAGNOSTICS). */
    diagnostics: boolean;
    /** The public directory's data (/professionals, /professionals/{id}, /sitemap.xml). */
    directory: import('../../api/src/features/directory/service.ts').DirectoryReader;
    /** Payments run in the sandbox: a page rendered per request shows the TEST MODE strip itself. */
    testMode: boolean;
    /** One-tap renewal links (/renew/{token}). */
    renewal: import('../../api/src/features/subscriptions/renew-link.ts').RenewLinks;
    /** The prices in force (/pricing). */
    plans: () => Promise<import('../../contract/plans.ts').PlanPrices>;
  }
}
