import { createHash } from 'node:crypto';
import { expect, test } from './fixtures/test.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { LoginResponse } from '../contract/accounts.ts';
import { SEARCH_MESSAGES, SEARCH_PAGE_SIZE } from '../contract/professionals.ts';
import type { SearchAnswer } from '../contract/professionals.ts';
import { createPaidAccount, login, useSession } from './fixtures/accounts.ts';
import { overflows, PHONE } from './fixtures/phone.ts';
import { shot } from './fixtures/shots.ts';
import { seriousViolations } from './fixtures/axe.ts';

// Paged search, the customer's side: Find Pro shows a page of professionals at a time and
// "Show more professionals" appends the next one (GET /api/professionals?cursor=…), keeping what
// is shown when that fails, moving focus to the first new card, and fitting a 360 px phone.

const ACCRA = { latitude: 5.6037, longitude: -0.187 };
/** Two full pages and a few more: the last "Show more" ends the list. */
const PROFESSIONALS = 2 * SEARCH_PAGE_SIZE + 5;
/** Set to a folder to save the phone screenshots there (findmore-list.png, findmore-error.png). */

/**
 * Letters from the run's data folder: the same for every worker of one run (a worker restarted
 * after a failure finds the professionals already made), different from one run to the next.
 */
const runLetters = (length: number) =>
  [
    ...createHash('sha256')
      .update(process.env.E2E_DATA_DIR ?? 'find-more')
      .digest(),
  ]
    .slice(0, length)
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join('');
const LAST_NAME = `Morefind${runLetters(6)}`;
/** Distinct first names: Proaa, Proab, … */
const firstName = (i: number) =>
  `Pro${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;
const EVERYONE = Array.from({ length: PROFESSIONALS }, (_, i) => `${firstName(i)} ${LAST_NAME}`);

let customer: LoginResponse;

/** Everyone listed under LAST_NAME, read through the API page by page. */
async function listed(request: APIRequestContext, token: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = new URLSearchParams({
      q: LAST_NAME,
      sort: 'rating',
      ...(cursor ? { cursor } : {}),
    }).toString();
    const response = await request.get(`/api/professionals?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const page = (await response.json()) as SearchAnswer;
    names.push(...page.professionals.map((p) => p.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  customer = await login(
    request,
    await createPaidAccount(request, { userType: 'customer', firstName: 'Abena', lastName: 'Scroller' }),
  );
  // Professionals in Accra (where the customer is), made through sign-up and payment as the others are, a few at a time.
  const have = new Set(await listed(request, customer.token));
  const missing = EVERYONE.map((name, i) => ({ name, i })).filter(({ name }) => !have.has(name));
  for (let start = 0; start < missing.length; start += 8) {
    await Promise.all(
      missing.slice(start, start + 8).map(({ i }) =>
        createPaidAccount(request, {
          userType: 'professional',
          profession: 'Plumber',
          firstName: firstName(i),
          lastName: LAST_NAME,
          location: 'Accra',
          baseRate: 20 + (i % 9) * 5,
          maxRate: 80,
        }),
      ),
    );
  }
  expect(new Set(await listed(request, customer.token))).toEqual(new Set(EVERYONE));
  await request.dispose();
});

test.use({ geolocation: ACCRA, permissions: ['geolocation'] });

/** The customer's Find Services tab, searched for this run's professionals (near me, nearest first). */
async function findThem(page: Page) {
  await useSession(page, customer);
  await page.goto('/customer-dashboard');
  await page.getByRole('tab', { name: 'Find Services' }).click();
  const searched = page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === LAST_NAME);
  await page.getByLabel('Search by name or profession').fill(LAST_NAME);
  await searched;
  const list = page.getByRole('list', { name: 'Professionals' });
  const cards = list.getByRole('article');
  await expect(cards).toHaveCount(SEARCH_PAGE_SIZE);
  await expect(page.getByRole('status').filter({ hasText: 'professionals shown' })).toHaveText(
    `${SEARCH_PAGE_SIZE} professionals shown`,
  );
  return { cards, names: () => cards.getByRole('heading', { level: 3 }).allInnerTexts() };
}

/** Holds the next "Show more" request until `release()` is called. */
async function holdLoadMore(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/professionals' && url.searchParams.has('cursor'),
    async (route) => {
      await held;
      await route.continue().catch(() => {}); // the page may have aborted it meanwhile
    },
    { times: 1 },
  );
  return release;
}

const showMore = (page: Page) => page.getByRole('button', { name: 'Show more professionals' });

/** The first card added by the last "Show more" (card `index`) has focus, on its name, and Tab carries on inside it. */
async function expectFocusOnNewCard(page: Page, cards: Locator, index: number, before: string[]) {
  const heading = cards.nth(index).getByRole('heading', { level: 3 });
  await expect(heading).toBeFocused();
  expect(before).not.toContain(await heading.innerText());
  await page.keyboard.press('Tab');
  await expect(cards.nth(index).locator(':focus')).toHaveCount(1);
}

test('Show more professionals adds the next page to the list, without repeats, with focus on the first new card, until everyone is shown', async ({
  page,
}) => {
  const { cards, names } = await findThem(page);
  const firstPage = await names();
  expect(new Set(firstPage).size).toBe(SEARCH_PAGE_SIZE);

  // While the next page loads the button says so and waits; the cards shown stay.
  const release = await holdLoadMore(page);
  await showMore(page).click();
  const loading = page.getByRole('button', { name: 'Loading more...' });
  await expect(loading).toHaveAttribute('aria-busy', 'true');
  await expect(loading).toBeDisabled();
  await expect(cards).toHaveCount(SEARCH_PAGE_SIZE);
  release();

  await expect(cards).toHaveCount(2 * SEARCH_PAGE_SIZE);
  await expect(page.getByRole('status').filter({ hasText: 'professionals shown' })).toHaveText(
    `${2 * SEARCH_PAGE_SIZE} professionals shown`,
  );
  expect((await names()).slice(0, SEARCH_PAGE_SIZE)).toEqual(firstPage); // appended, in the same order
  await expectFocusOnNewCard(page, cards, SEARCH_PAGE_SIZE, firstPage);

  // The last page, from the keyboard: the button goes once everyone is shown.
  const twoPages = await names();
  await showMore(page).press('Enter');
  await expect(cards).toHaveCount(PROFESSIONALS);
  await expect(page.getByRole('status').filter({ hasText: 'professionals shown' })).toHaveText(
    `${PROFESSIONALS} professionals shown`,
  );
  await expectFocusOnNewCard(page, cards, 2 * SEARCH_PAGE_SIZE, twoPages);
  await expect(showMore(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Loading more...' })).toHaveCount(0);

  const all = await names();
  expect(all).toHaveLength(PROFESSIONALS);
  expect(new Set(all)).toEqual(new Set(EVERYONE));
});

test('when Show more fails, the cards shown stay, an alert says why, and Try Again loads the next page', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad('network', '/api/professionals', 'this test makes the next page fail');
  const { cards, names } = await findThem(page);
  const firstPage = await names();
  await page.route(
    (url) => url.pathname === '/api/professionals' && url.searchParams.has('cursor'),
    (route) => route.abort(),
    { times: 1 },
  );

  await showMore(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to connect to server' });
  await expect(alert).toBeVisible();
  await expect(cards).toHaveCount(SEARCH_PAGE_SIZE);
  expect(await names()).toEqual(firstPage);
  await expect(page.getByRole('status').filter({ hasText: 'professionals shown' })).toHaveText(
    `${SEARCH_PAGE_SIZE} professionals shown`,
  );
  // Focus goes to Try Again, not back to the top of the page.
  const again = alert.getByRole('button', { name: 'Try Again' });
  await expect(again).toBeFocused();

  await again.click();
  await expect(cards).toHaveCount(2 * SEARCH_PAGE_SIZE);
  await expect(alert).toHaveCount(0);
  await expectFocusOnNewCard(page, cards, SEARCH_PAGE_SIZE, firstPage);
  await expect(showMore(page)).toBeVisible();
  expect(new Set(await names()).size).toBe(2 * SEARCH_PAGE_SIZE);
});

test('a new search while Show more is loading replaces the list; the late page is not added to it', async ({
  page,
}) => {
  const { cards, names } = await findThem(page);
  const release = await holdLoadMore(page);
  const aborted = page.waitForEvent('requestfailed', (r) => new URL(r.url()).searchParams.has('cursor'));
  await showMore(page).click();
  await expect(page.getByRole('button', { name: 'Loading more...' })).toBeVisible();

  const searched = page.waitForResponse(
    (r) => new URL(r.url()).searchParams.get('sort') === 'rating' && !new URL(r.url()).searchParams.has('cursor'),
  );
  await page.getByLabel('Sort by').selectOption({ label: 'Rating' });
  await aborted;
  await searched;
  release();
  await expect(cards).toHaveCount(SEARCH_PAGE_SIZE);
  await expect(page.getByRole('status').filter({ hasText: 'professionals shown' })).toHaveText(
    `${SEARCH_PAGE_SIZE} professionals shown`,
  );
  await expect(page.getByRole('button', { name: 'Loading more...' })).toHaveCount(0);

  // Show more continues the new order (the rating sort's cursor).
  const firstPage = await names();
  await showMore(page).click();
  await expect(cards).toHaveCount(2 * SEARCH_PAGE_SIZE);
  await expectFocusOnNewCard(page, cards, SEARCH_PAGE_SIZE, firstPage);
  expect(new Set(await names()).size).toBe(2 * SEARCH_PAGE_SIZE);
});

test('a "Show more" the server refuses as out of date offers Search Again, which starts the list afresh', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allowFailedLoad(400, '/api/professionals', 'this test has the next page refused as out of date');
  const { cards } = await findThem(page);
  await page.route(
    (url) => url.pathname === '/api/professionals' && url.searchParams.has('cursor'),
    (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: SEARCH_MESSAGES.badCursor }),
      }),
    { times: 1 },
  );
  await showMore(page).click();
  const alert = page.getByRole('alert').filter({ hasText: SEARCH_MESSAGES.badCursor });
  await expect(alert.getByRole('button', { name: 'Search Again' })).toBeFocused();
  await expect(cards).toHaveCount(SEARCH_PAGE_SIZE); // what was shown stays
  await alert.getByRole('button', { name: 'Search Again' }).click();
  await expect(alert).toBeHidden();
  await expect(cards).toHaveCount(SEARCH_PAGE_SIZE);
  await showMore(page).click();
  await expect(cards).toHaveCount(2 * SEARCH_PAGE_SIZE);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('a hundred and more cards, the Show more button and its error fit the width, with no serious axe finding', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allowFailedLoad('network', '/api/professionals', 'this test makes the next page fail');
    const { cards } = await findThem(page);
    await showMore(page).click();
    await expect(cards).toHaveCount(2 * SEARCH_PAGE_SIZE);

    // The button: the list's whole width and a thumb's height.
    const button = showMore(page);
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    const listBox = (await page.getByRole('list', { name: 'Professionals' }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(Math.abs(box.width - listBox.width)).toBeLessThanOrEqual(1);
    expect(await overflows(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'findmore-list', { fullPage: false });

    // The last page fails once: the alert and Try Again fit too.
    await page.route(
      (url) => url.pathname === '/api/professionals' && url.searchParams.has('cursor'),
      (route) => route.abort(),
      { times: 1 },
    );
    await button.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to connect to server' });
    await expect(alert.getByRole('button', { name: 'Try Again' })).toBeFocused();
    await expect(cards).toHaveCount(2 * SEARCH_PAGE_SIZE);
    await alert.scrollIntoViewIfNeeded();
    expect(await overflows(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'findmore-error', { fullPage: false });

    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(cards).toHaveCount(PROFESSIONALS);
    await expect(showMore(page)).toHaveCount(0);
    expect(await overflows(page)).toEqual([]);
  });
});
