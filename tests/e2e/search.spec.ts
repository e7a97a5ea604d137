import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/paths';
import { expectNoAxeViolations } from './axe';
import { expect, test, uniqueId } from './fixtures';

// The header's search box as a shopper uses it: suggestions as they type (a WAI-ARIA combobox, by keyboard and
// by mouse, at a desk and on a phone), Enter for every result on /buy, and the same box without JavaScript.
// Each test searches for a device of its own: a made-up line, "Zephyrnote", and a unique model number.

const WIDTHS = [
  { name: 'wide', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

const LINE = 'Zephyrnote';
/** The line with two letters swapped: within the two typos a word of nine letters or more forgives. */
const TYPO = 'zephyrnoet';

const searchBox = (page: Page) => page.getByRole('banner').getByLabel('Search devices');
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });

for (const { name, viewport } of WIDTHS) {
  test.describe(`header search at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test('typing suggests devices and categories; arrows choose one and Enter opens it', async ({
      page,
      makeDevice,
    }) => {
      const id = uniqueId();
      const device = await makeDevice({ model: `${LINE} ${id}`, images: 1 });
      await page.goto(paths.home);
      const box = searchBox(page);
      await box.focus();
      await box.pressSequentially(`${TYPO} ${id}`);

      const list = suggestions(page);
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute('role', 'combobox');
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      const option = list.getByRole('option', { name: new RegExp(device.name) });
      await expect(option).toBeVisible();
      await expect(option.getByRole('img')).toHaveCount(0); // the picture is decoration: alt=""
      await expect(option.locator('img')).toHaveCount(1);
      await expect(
        list.getByRole('group', { name: 'Categories' }).getByRole('option', { name: 'Phones' }),
      ).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'suggestions' })).toContainText('2 suggestions');
      await expectNoAxeViolations(page, `the header suggestions open at ${viewport.width} px`);

      await page.keyboard.press('ArrowDown');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      await page.keyboard.press('ArrowDown');
      await expect(option).toHaveAttribute('aria-selected', 'false');
      await page.keyboard.press('ArrowUp');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(paths.device(device.id));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(device.name);
      await expect(list).toBeHidden();
    });

    test('Escape closes the list, then clears the box; Enter without a choice opens the results', async ({
      page,
      makeDevice,
    }) => {
      const id = uniqueId();
      const device = await makeDevice({ model: `${LINE} ${id}` });
      await page.goto(paths.home);
      const box = searchBox(page);
      await box.click();
      await box.pressSequentially(id);
      await expect(suggestions(page).getByRole('option', { name: new RegExp(device.name) })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(suggestions(page)).toBeHidden();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Escape');
      await expect(box).toHaveValue('');

      await box.pressSequentially(`${TYPO} ${id}`);
      await expect(suggestions(page)).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${paths.buy}?q=${TYPO}+${id}`);
      await expect(page.getByTestId('filtered-devices')).toHaveText('1');
      await expect(page.getByRole('link', { name: device.name }).first()).toBeVisible();
    });

    test('a click on a suggestion opens it', async ({ page, makeDevice }) => {
      const id = uniqueId();
      const device = await makeDevice({ model: `${LINE} ${id}` });
      await page.goto(paths.buy);
      const box = searchBox(page);
      await box.click();
      await box.pressSequentially(`${LINE.toLowerCase().slice(0, 6)} ${id}`);
      const option = suggestions(page).getByRole('option', { name: new RegExp(device.name) });
      await option.hover();
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await option.click();
      await expect(page).toHaveURL(paths.device(device.id));
    });

    test('one character suggests nothing; a search with no match says so', async ({ page }) => {
      await page.goto(paths.home);
      const box = searchBox(page);
      await box.click();
      await box.pressSequentially('z');
      await expect(suggestions(page)).toBeHidden();
      await box.pressSequentially(`qx${uniqueId()}`);
      await expect(page.getByText(/^No devices match/)).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('status').filter({ hasText: 'No suggestions' })).toBeVisible();
    });
  });
}

/** A search for a near miss of the line: nothing found, what was searched said, the nearest offered and followed. */
const NEAR_MISS = 'zzephyrnotexx';

async function expectNearestOffered(page: Page) {
  await expect(page.getByText('No devices found matching your criteria.')).toBeVisible();
  await expect(page.getByText(`You searched for “${NEAR_MISS}”.`)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link', { name: 'Laptops' }),
  ).toBeVisible();
  await page.getByRole('link', { name: LINE }).click();
  await expect(page).toHaveURL(`${paths.buy}?q=zephyrnote`);
  await expect(page.getByRole('link', { name: new RegExp(`Nokia ${LINE}`) }).first()).toBeVisible();
}

test('a search that finds nothing says what was searched and offers the nearest', async ({ page, makeDevice }) => {
  await makeDevice({ model: `${LINE} ${uniqueId()}` });
  await page.goto(`${paths.buy}?q=${NEAR_MISS}`);
  await expectNearestOffered(page);
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the header's box sits on the one row with the navigation and the sign-in link", async ({ page }) => {
    await page.goto(paths.buy);
    const header = page.getByRole('banner');
    const box = await header.getByRole('searchbox').boundingBox();
    const signIn = await header.getByRole('link', { name: 'Login/SignUp' }).boundingBox();
    const services = await header.getByRole('link', { name: 'Services' }).boundingBox();
    const middle = (rect: { y: number; height: number }) => rect.y + rect.height / 2;
    expect(Math.abs(middle(box!) - middle(signIn!))).toBeLessThan(8);
    expect(Math.abs(middle(box!) - middle(services!))).toBeLessThan(8);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header box sends the search to /buy, which renders the results', async ({ page, makeDevice }) => {
    const id = uniqueId();
    const device = await makeDevice({ model: `${LINE} ${id}` });
    await page.goto(paths.home);
    await searchBox(page).fill(`${TYPO} ${id}`);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(`${paths.buy}?q=${TYPO}+${id}`);
    await expect(page.getByTestId('filtered-devices')).toHaveText('1');
    await expect(page.getByRole('link', { name: device.name }).first()).toBeVisible();
  });

  test('a search that finds nothing is answered by the server: what was searched, the nearest, the categories', async ({
    page,
    makeDevice,
  }) => {
    await makeDevice({ model: `${LINE} ${uniqueId()}` });
    await page.goto(paths.home);
    await searchBox(page).fill(NEAR_MISS);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(`${paths.buy}?q=${NEAR_MISS}`);
    await expectNearestOffered(page);
  });
});
