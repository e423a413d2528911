import { expect, test } from './fixtures/test.ts';
import type { Page } from '@playwright/test';
import { uniquePhone, uniqueTag } from './fixtures/accounts.ts';
import { overflows, PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';

/** "No dead ends" and "Fits the phone": each sign-up step is checked before it is left, is a history entry, and fits 360 px. */

const wizard = (page: Page) => page.getByRole('form', { name: /Step \d of 3/ });
const heading = (page: Page, n: 1 | 2 | 3) =>
  wizard(page).getByRole('heading', {
    name: [, 'Step 1 of 3: Choose your plan', 'Step 2 of 3: Account information', 'Step 3 of 3: Profile details'][n]!,
  });

async function toStep2(page: Page) {
  await page.goto('/signup');
  await page.getByRole('radio', { name: /^Customer/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 2)).toBeFocused();
}

const person = () => ({
  first: 'Abena',
  last: 'Owusu',
  email: `steps-${uniqueTag()}@example.com`,
  phone: uniquePhone(),
  password: 'GoodPass123',
});

async function fillStep2(page: Page, p: ReturnType<typeof person>, confirm = p.password) {
  const form = wizard(page);
  await form.getByLabel('First Name').fill(p.first);
  await form.getByLabel('Last Name').fill(p.last);
  await form.getByLabel('Email Address').fill(p.email);
  await form.getByLabel('Phone Number').fill(p.phone);
  await form.getByLabel(/^Password/).fill(p.password);
  await form.getByLabel('Confirm Password').fill(confirm);
}

test('an empty step 2 stays on step 2, each error by its field, focus on the first', async ({ page }) => {
  await toStep2(page);
  const form = wizard(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 2)).toBeVisible();
  const firstName = form.getByLabel('First Name');
  await expect(firstName).toBeFocused();
  // One sentence for the step; each empty field named by itself.
  for (const [label, name] of [
    ['First Name', 'First name'],
    ['Last Name', 'Last name'],
    ['Email Address', 'Email address'],
    ['Phone Number', 'Phone number'],
    [/^Password/, 'Password'],
  ] as const) {
    const input = form.getByLabel(label);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(`${name} is required`));
  }
  await expect(form.getByText('Please fill in all required fields')).toHaveCount(1);
  // Typing in a field clears its error; a wrong email is named by the email field.
  await firstName.fill('Abena');
  await expect(firstName).not.toHaveAttribute('aria-invalid');
  await form.getByLabel('Email Address').fill('not-an-email');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByLabel('Last Name')).toBeFocused();
  await expect(form.getByLabel('Email Address')).toHaveAccessibleDescription('Please enter a valid email address');
});

test('passwords that do not match are caught on step 2, by the Confirm Password field', async ({ page }) => {
  const p = person();
  await toStep2(page);
  await fillStep2(page, p, 'Different123');
  const form = wizard(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 2)).toBeVisible();
  const confirm = form.getByLabel('Confirm Password');
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match. Please try again.');
  await confirm.fill(p.password);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 3)).toBeFocused();
  // Step 3 reports only its own fields.
  await form.getByRole('button', { name: 'Complete Registration & Pay' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' })).toHaveCount(0);
});

test("the browser's Back and Forward move between the steps and keep what was typed, passwords included", async ({
  page,
}) => {
  const p = person();
  await toStep2(page);
  await fillStep2(page, p);
  await wizard(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 3)).toBeFocused();
  await wizard(page).getByLabel('City').selectOption('Tamale');

  await page.goBack();
  await expect(heading(page, 2)).toBeFocused();
  await expect(page).toHaveURL(/\/signup$/);
  const form = wizard(page);
  await expect(form.getByLabel('First Name')).toHaveValue(p.first);
  await expect(form.getByLabel('Email Address')).toHaveValue(p.email);
  await expect(form.getByLabel(/^Password/)).toHaveValue(p.password);
  await expect(form.getByLabel('Confirm Password')).toHaveValue(p.password);

  await page.goBack();
  await expect(heading(page, 1)).toBeFocused();
  await expect(page.getByRole('radio', { name: /^Customer/ })).toBeChecked();

  await page.goForward();
  await expect(heading(page, 2)).toBeVisible();
  await page.goForward();
  await expect(heading(page, 3)).toBeVisible();
  await expect(form.getByLabel('City')).toHaveValue('Tamale');

  // The wizard's own Back goes back through history too, so Forward still works after it.
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(heading(page, 2)).toBeVisible();
  await page.goForward();
  await expect(heading(page, 3)).toBeVisible();

  // A reload forgets the passwords: the wizard opens on step 2 (not a step 3 it could not complete).
  await page.reload();
  await expect(heading(page, 2)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expect(form.getByLabel('Email Address')).toHaveValue(p.email);
  await expect(form.getByLabel(/^Password/)).toHaveValue('');
  await form.getByLabel(/^Password/).fill(p.password);
  await form.getByLabel('Confirm Password').fill(p.password);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 3)).toBeFocused();
  await expect(form.getByLabel('City')).toHaveValue('Tamale');
  await page.goBack();
  await expect(heading(page, 2)).toBeVisible();
  await page.goBack();
  await expect(heading(page, 1)).toBeVisible();
});

test.describe('on a 360 × 740 phone', () => {
  test.use({ viewport: PHONE });

  test('every step fits 360 px, step 2 with its errors and step 3 as a professional', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(await overflows(page)).toEqual([]);
    await page.getByRole('radio', { name: /^Professional/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 2)).toBeFocused();
    expect(await overflows(page)).toEqual([]);
    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await expect(wizard(page).getByLabel('First Name')).toBeFocused();
    expect(await overflows(page)).toEqual([]);
    await shot(page, 'signup-step2-errors');
    await fillStep2(page, person());
    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 3)).toBeFocused();
    expect(await overflows(page)).toEqual([]);
    await shot(page, 'signup-step3');
    await wizard(page).getByRole('button', { name: 'Complete Registration & Pay' }).click();
    await expect(wizard(page).getByLabel('Profession')).toBeFocused();
    expect(await overflows(page)).toEqual([]);
    await shot(page, 'signup-step3-errors');
  });
});
