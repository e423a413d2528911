/** The administrators' public face: their routes, their accounts and sessions, and the audit log other features write to. */
export { adminRoutes } from './routes.ts';
export { AdminAccountError, type AdminIdentity, adminSessions, createAdmin, ensureFirstAdmin } from './accounts.ts';
export { type AuditEntry, recordAudit } from './audit.ts';
export { changeUserStatus } from './actions.ts';
