/** Where the admin pages send each other (docs/PRODUCT.md "Administrators"). */
export const LOGIN_PATH = '/admin/login';
export const DASHBOARD_PATH = '/admin/dashboard';
/** The guard adds this flag when there was no session, so the login page says why (docs/PRODUCT.md "Administrators"). */
export const EXPIRED_FLAG = 'expired';
