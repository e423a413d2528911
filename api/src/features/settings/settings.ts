import { toCedis, toPesewas } from '../../../../contract/money.ts';
import { DEFAULT_SETTINGS, type PlatformSettings } from '../../../../contract/admin.ts';
import { lengthOffers, type LengthDiscounts, type PlanPrices, type PlanType } from '../../../../contract/plans.ts';
import type { SubscriptionWindows } from '../../../../contract/subscriptions.ts';
import { prepared, type Conn } from '../../db.ts';
import type { PlatformSettingsRow } from '../../db-tables.ts';

/** The administrator's settings as the server uses them: days, and money in pesewas. */
export interface Settings extends SubscriptionWindows {
  pricePesewas: Record<PlanType, number>;
  commissionPesewas: Record<PlanType, number>;
  /** Percent off when 3, 6 or 12 months are paid at once. */
  lengthDiscounts: LengthDiscounts;
  updatedAt: Date | null;
}

/** The reminder and grace windows of the settings row (the defaults where there is none yet). */
export const windowsOf = (
  row: { [K in 'reminder_days' | 'grace_period_days']: PlatformSettingsRow[K] | null } | undefined,
): SubscriptionWindows => ({
  reminderDays: row?.reminder_days ?? DEFAULT_SETTINGS.reminderDays,
  graceDays: row?.grace_period_days ?? DEFAULT_SETTINGS.gracePeriodDays,
});

/** One row (platform_settings.id = 1), read where it is used so every process sees a change at once. */
export async function getSettings(db: Conn): Promise<Settings> {
  const row = await prepared(db('platform_settings')).where({ id: 1 }).first();
  const d = DEFAULT_SETTINGS;
  return {
    ...windowsOf(row),
    pricePesewas: {
      customer: row?.customer_price_pesewas ?? toPesewas(d.customerPrice),
      professional: row?.professional_price_pesewas ?? toPesewas(d.professionalPrice),
    },
    commissionPesewas: {
      customer: row?.customer_commission_pesewas ?? toPesewas(d.customerCommission),
      professional: row?.professional_commission_pesewas ?? toPesewas(d.professionalCommission),
    },
    lengthDiscounts: {
      3: row?.discount_3_months_percent ?? d.discount3Months,
      6: row?.discount_6_months_percent ?? d.discount6Months,
      12: row?.discount_12_months_percent ?? d.discount12Months,
    },
    updatedAt: row?.updated_at ? new Date(row.updated_at) : null,
  };
}

export function toPlatformSettings(s: Settings): PlatformSettings {
  return {
    reminderDays: s.reminderDays,
    gracePeriodDays: s.graceDays,
    customerPrice: toCedis(s.pricePesewas.customer),
    professionalPrice: toCedis(s.pricePesewas.professional),
    customerCommission: toCedis(s.commissionPesewas.customer),
    professionalCommission: toCedis(s.commissionPesewas.professional),
    discount3Months: s.lengthDiscounts[3],
    discount6Months: s.lengthDiscounts[6],
    discount12Months: s.lengthDiscounts[12],
  };
}

export async function saveSettings(db: Conn, s: PlatformSettings, now: Date): Promise<void> {
  await db('platform_settings')
    .where({ id: 1 })
    .update({
      reminder_days: s.reminderDays,
      grace_period_days: s.gracePeriodDays,
      customer_price_pesewas: toPesewas(s.customerPrice),
      professional_price_pesewas: toPesewas(s.professionalPrice),
      customer_commission_pesewas: toPesewas(s.customerCommission),
      professional_commission_pesewas: toPesewas(s.professionalCommission),
      discount_3_months_percent: s.discount3Months,
      discount_6_months_percent: s.discount6Months,
      discount_12_months_percent: s.discount12Months,
      updated_at: now,
    });
}

/** The prices and commissions in force, in cedis (GET /api/plans and the /pricing page). */
export async function planPrices(db: Conn): Promise<PlanPrices> {
  const s = await getSettings(db);
  return {
    prices: { customer: toCedis(s.pricePesewas.customer), professional: toCedis(s.pricePesewas.professional) },
    commissions: {
      customer: toCedis(s.commissionPesewas.customer),
      professional: toCedis(s.commissionPesewas.professional),
    },
    lengths: {
      customer: lengthOffers(s.pricePesewas.customer, s.lengthDiscounts),
      professional: lengthOffers(s.pricePesewas.professional, s.lengthDiscounts),
    },
  };
}
