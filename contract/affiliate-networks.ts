/**
 * Mobile-money networks, as Paystack's transfer recipients name them (reference/paystack.md). The
 * affiliate picks theirs: numbers move between networks, so the prefix is not proof.
 */
export const MOMO_NETWORKS = [
  { code: 'MTN', name: 'MTN MoMo' },
  { code: 'VOD', name: 'Telecel Cash (formerly Vodafone Cash)' },
  { code: 'ATL', name: 'AirtelTigo Money' },
] as const;
export type MomoNetwork = (typeof MOMO_NETWORKS)[number]['code'];
