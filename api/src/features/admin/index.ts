/** The administrators' public face: their routes, their accounts and sessions (the audit log is features/audit). */
export { AdminAccountError, type AdminIdentity, adminSessions, createAdmin, ensureFirstAdmin } from './accounts.ts';
export { changeUserStatus } from './actions.ts';
