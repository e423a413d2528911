/** The settings feature's public face: the administrator's settings and the prices they set. */
export { getSettings, planPrices, saveSettings, type Settings, toPlatformSettings, windowsOf } from './settings.ts';
