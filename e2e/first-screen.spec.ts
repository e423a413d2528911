import { expect, test } from './fixtures/test.ts';
import type { Page, Route } from '@playwright/test';
import { PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

// What a phone shows first: a ?plan= sign-up link paints the step it opens, never step 1 then a
// jump; the sign-in form's button is on the first screen of a 360 × 740 phone.
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** Holds every request for the site's scripts until `release()` (the page painted, no island hydrated). */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/_astro/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return {
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test('a ?plan= sign-up link never paints step 1: it says it is opening step 2, then shows step 2 with the plan', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/signup?plan=professional', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Opening step 2 of 3' })).toBeVisible();
  await expect(page.locator('astro-island[ssr][component-url*="/SignUpWizard."]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: /^Step 1 of 3/ })).toBeHidden();
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeHidden();
  await shot(page, 'signup-plan-first-paint', { fullPage: false });

  // Step 1 is never drawn on the way to step 2.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stepsSeen: string[] }).stepsSeen = seen;
    const note = () => {
      for (const heading of document.querySelectorAll('h2')) {
        const visible = heading.getClientRects().length > 0;
        if (visible && heading.textContent?.startsWith('Step 1')) seen.push(heading.textContent);
      }
    };
    new MutationObserver(note).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  await scripts.release();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Account information' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Opening step 2 of 3' })).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { stepsSeen: string[] }).stepsSeen)).toEqual([]);
  await shot(page, 'signup-plan-step-2', { fullPage: false });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked();

  // Without a plan, step 1 as before.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Choose your plan' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Opening step 2 of 3' })).toBeHidden();
});

test('the Sign In button is on the first screen of a 360 × 740 phone, at first paint and after', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/signin', { waitUntil: 'commit' });
  const signIn = page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeInViewport({ ratio: 1 });
  await shot(page, 'signin-first-paint', { fullPage: false });
  await scripts.release();
  await expect(page.locator('astro-island[component-url*="/SignIn."]:not([ssr])')).toHaveCount(1);
  await expect(signIn).toBeInViewport({ ratio: 1 });
  await shot(page, 'signin-hydrated', { fullPage: false });
});
