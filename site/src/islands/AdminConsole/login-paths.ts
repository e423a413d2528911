/** Where the admin pages send each other (spec 001 §2 routes). */
export const LOGIN_PATH = '/admin/login';
export const DASHBOARD_PATH = '/admin/dashboard';
/** The guard adds this flag when there was no session, so the login page says why (spec 001 §4). */
export const EXPIRED_FLAG = 'expired';
