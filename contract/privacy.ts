import { file, route } from './route.ts';
/** The signed-in account's own data as a JSON file (docs/PRODUCT.md "Privacy, deletion and retention"). */
export const PRIVACY_PATHS = { export: '/api/me/export' } as const;

/**
 * How long an account's data is kept after its subscription ends (docs/PRODUCT.md "Privacy,
 * deletion and retention"): the privacy policy says it (content/legal/privacy.md, {{retentionYears}}).
 */
export const RETENTION_YEARS = 3;

/** The signed-in account's own data, as a JSON file to keep (indented, for a person to read). */
export const exportMyData = route({
  method: 'GET',
  path: '/api/me/export',
  caller: 'signed-in',
  answer: file('application/json'),
  summary: "The signed-in account's own data as a JSON file.",
});
