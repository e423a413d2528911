/** The privacy feature's public face: the data export's route, forgetting an account, and the retention sweep. */
export { anonymiseUser } from './anonymise.ts';
export { anonymiseExpiredAccounts, startRetentionWorker } from './retention.ts';
