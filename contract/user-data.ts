/** A dashboard's record, `type` one of USER_TYPES (contract/accounts.ts): only the signed-in account's own (docs/PRODUCT.md "Dashboards"). */
export const USER_DATA_PATHS = { record: '/api/:type-data/:email' } as const;
