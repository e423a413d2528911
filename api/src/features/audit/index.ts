/**
 * The audit log's public face: every administrator's action (and the system's on their behalf) is
 * written here by the feature that does it, and read by the admin console. A feature of its own so
 * that writing a line does not import the console's actions.
 */
export { type AuditEntry, listActivity, listUserActivity, recordAudit } from './log.ts';
