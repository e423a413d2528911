/**
 * A request's path as the log writes it: the secret a USSD gateway calls back with sits in its
 * path (features/ussd: gateways sign nothing, so the address is the password) and never reaches
 * the log (docs/HOUSE-RULES.md "Server": secrets never reach the log).
 */
export const loggedPath = (path: string): string => path.replace(/^(\/api\/ussd\/[^/]*\/)[^/]+/, '$1[secret]');
