/** Affiliate payouts as the API answers them (spec 001 §3 "Payout", §4 payout states). */
export type PayoutStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface Payout {
  id: number;
  /** Cedis. */
  amount: number;
  date: string;
  status: PayoutStatus;
  method: string;
  details: string;
  reference: string;
  processedDate: string | null;
}
