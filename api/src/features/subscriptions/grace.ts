import { GRACE_DAYS } from '../../../../contract/subscriptions.ts';

/** A paid period that ended after this instant is still in service (grace period). */
export const graceStart = (now: Date): Date => new Date(now.getTime() - GRACE_DAYS * 86_400_000);
