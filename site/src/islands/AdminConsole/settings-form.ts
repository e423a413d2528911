import { settingsSchema } from '../../../../contract/admin.ts';
import type { PlatformSettings } from '../../../../contract/admin.ts';

export const SETTING_KEYS = [
  'reminderDays',
  'gracePeriodDays',
  'customerPrice',
  'professionalPrice',
  'customerCommission',
  'professionalCommission',
  'discount3Months',
  'discount6Months',
  'discount12Months',
] as const satisfies readonly (keyof PlatformSettings)[];
/** Settings in whole numbers (days, percents); the others are cedis with pesewas. */
export const WHOLE_KEYS: readonly (keyof PlatformSettings)[] = [
  'reminderDays',
  'gracePeriodDays',
  'discount3Months',
  'discount6Months',
  'discount12Months',
];

export type SettingsForm = Record<keyof PlatformSettings, string>;

export const toSettingsForm = (settings: PlatformSettings): SettingsForm =>
  Object.fromEntries(SETTING_KEYS.map((key) => [key, String(settings[key])])) as SettingsForm;

/** An empty box is not 0: it stays a string, so the schema says "… must be a number". */
const toNumber = (text: string): number | string =>
  text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text);

/**
 * The form as typed, checked with the contract's settingsSchema (the rule the server applies too).
 * Errors by field, the first message of each.
 */
export function readSettingsForm(
  form: SettingsForm,
): { ok: true; settings: PlatformSettings } | { ok: false; errors: Partial<Record<keyof PlatformSettings, string>> } {
  const parsed = settingsSchema.safeParse(Object.fromEntries(SETTING_KEYS.map((key) => [key, toNumber(form[key])])));
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Partial<Record<keyof PlatformSettings, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof PlatformSettings;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
