import { atom } from 'nanostores';

/**
 * Refresh Data (spec 001 §2 header). The spec reloads the page; here every open tab fetches its data
 * again instead (no page, script or style download on a slow line). Each data hook reads this count.
 */
export const $refreshCount = atom(0);

export function refreshData(): void {
  $refreshCount.set($refreshCount.get() + 1);
}
