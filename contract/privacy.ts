/** The signed-in account's own data as a JSON file (docs/PRODUCT.md "Privacy, deletion and retention"). */
export const PRIVACY_PATHS = { export: '/api/me/export' } as const;
