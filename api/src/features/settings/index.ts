/** The settings feature's public face: the administrator's settings, the prices they set and the grace period they give. */
export { GRACE_START_SQL, graceStart } from './grace.ts';
export { getSettings, planPrices, saveSettings, type Settings, toPlatformSettings, windowsOf } from './settings.ts';
