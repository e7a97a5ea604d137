import type { Page } from '@playwright/test';
import type { DeviceListReply } from '../../src/shared/catalog';
import { HOME_SECTIONS } from '../../src/shared/catalog';
import { expect, test, uniqueId, type Api } from './fixtures';

// User stories of the storefront a shopper browses (spec 000 sections 2, 5 and 9), against the
// real server. Each test makes the devices it looks at, so none depends on the demo catalog's
// contents or on what another test did; counts of the whole catalog are read around the page load,
// since tests running beside this one may add devices meanwhile.

async function listDevices(api: Api, query = ''): Promise<DeviceListReply> {
  return api.expect<DeviceListReply>(api.get(`/api/devices?pageSize=100${query ? `&${query}` : ''}`));
}

const stat = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');

test.describe('home', () => {
  test('a shopper sees the hero, the eight sections and their View All links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Smarter Today!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Our Story' })).toHaveAttribute('href', '/about');
    for (const section of HOME_SECTIONS) {
      const region = page.getByRole('region', { name: section.title, exact: true });
      await expect(region.getByRole('heading', { level: 2, name: section.title, exact: true })).toBeVisible();
      await expect(region.getByRole('link', { name: 'View All →' })).toHaveAttribute('href', section.href);
    }
    const trending = page.getByRole('region', { name: 'Trending Products' });
    await expect(trending.getByRole('link').filter({ hasText: '5.0' })).toHaveCount(4);
    await expect(
      page.getByRole('region', { name: 'Build Your Bundle' }).getByRole('link', { name: /5\.0/ }),
    ).toHaveCount(3);
    await expect(page).toHaveTitle(/QuickBuy/);
  });

  test('hovering a card cycles its images every 800 ms and leaving resets it to the first image', async ({
    page,
    makeDevice,
  }) => {
    // The newest device: one of the home page's first cards.
    const device = await makeDevice({ images: 3 });
    await page.goto('/');
    const card = page.locator(`a[href="/device/${device.id}"]`).first();
    const image = card.locator('img');
    await card.scrollIntoViewIfNeeded();
    const first = await image.getAttribute('src');
    expect(first).toContain(device.images[0]);
    await card.hover();
    await expect(image).not.toHaveAttribute('src', first!, { timeout: 2_000 });
    expect(await image.getAttribute('src')).toContain(device.images[1]);
    await page.mouse.move(0, 0);
    await expect(image).toHaveAttribute('src', first!);
  });
});

test.describe('buy listing', () => {
  test('filters change the counts, live in the URL, survive a reload, and back restores the previous view', async ({
    page,
    api,
    makeDevice,
  }) => {
    // Three devices only this test's search finds: two laptops (one under R10,000) and an Apple phone.
    const tag = uniqueId();
    await makeDevice({ brand: 'Dell', model: `Latitude ${tag}`, type: 'laptop', price: 8999 });
    await makeDevice({ brand: 'HP', model: `ZBook ${tag}`, type: 'laptop', price: 24999 });
    await makeDevice({ brand: 'Apple', model: `iPhone ${tag}`, type: 'phone', price: 15999 });

    const before = (await listDevices(api)).total;
    await page.goto(`/buy?q=${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Buy Quality Devices' })).toBeVisible();
    await expect(page.getByText('Certified pre-owned phones and laptops with warranty')).toBeVisible();
    await expect(stat(page, 'Filtered devices')).toHaveText('3');
    const total = Number(await stat(page, 'Total devices available').textContent());
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual((await listDevices(api)).total);

    await page.getByLabel('Category').selectOption({ label: 'Laptops' });
    await expect(page).toHaveURL(/category=laptop/);
    await expect(stat(page, 'Filtered devices')).toHaveText('2');
    await expect(stat(page, 'Total devices available')).not.toHaveText('2');

    await page.getByLabel('Price Range').selectOption({ label: 'Under R10,000' });
    await expect(page).toHaveURL(/price=under-10k/);
    await expect(stat(page, 'Filtered devices')).toHaveText('1');

    await page.reload();
    await expect(page.getByLabel('Category')).toHaveValue('laptop');
    await expect(page.getByLabel('Price Range')).toHaveValue('under-10k');
    await expect(stat(page, 'Filtered devices')).toHaveText('1');

    await page.goBack();
    await expect(page).not.toHaveURL(/price=/);
    await expect(page.getByLabel('Price Range')).toHaveValue('all');
    await expect(stat(page, 'Filtered devices')).toHaveText('2');

    await page.goto(`/buy?brand=apple&q=${tag}`);
    await expect(page.getByLabel('Brand')).toHaveValue('apple');
    await expect(stat(page, 'Filtered devices')).toHaveText('1');
  });

  test('the filter bar offers exactly the spec labels', async ({ page }) => {
    await page.goto('/buy');
    await expect(page.getByPlaceholder('Search devices...')).toBeVisible();
    await expect(page.getByLabel('Category').locator('option')).toHaveText([
      'All Categories',
      'Phones',
      'Laptops',
      'Tablets',
      'TVs',
    ]);
    await expect(page.getByLabel('Brand').locator('option')).toHaveText([
      'All Brands',
      'Apple',
      'Samsung',
      'Huawei',
      'Dell',
      'HP',
    ]);
    await expect(page.getByLabel('Price Range').locator('option')).toHaveText([
      'All Prices',
      'Under R10,000',
      'R10,000 - R20,000',
      'Over R20,000',
    ]);
  });

  test('search matches name or brand in any case and says when nothing matches', async ({ page, makeDevice }) => {
    const tag = uniqueId();
    await makeDevice({ brand: `Brand${tag}`, model: 'Tab 10' });
    await makeDevice({ brand: 'Lenovo', model: `Yoga ${tag}` });
    await page.goto('/buy');
    await page.getByPlaceholder('Search devices...').fill(tag.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`q=${tag.toUpperCase()}`));
    await expect(stat(page, 'Filtered devices')).toHaveText('2');
    const names = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.toLowerCase()).toContain(tag);

    await page.getByPlaceholder('Search devices...').fill('no such device zzz');
    await expect(page.getByText('No devices found matching your criteria.')).toBeVisible();
  });

  test('the listing pages through the catalog instead of loading every device', async ({ page, api }) => {
    const all = await listDevices(api);
    await page.goto('/buy');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const shown = await cards.count();
    expect(shown).toBeLessThan(all.total);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  });

  test('the grid switch shows one, two or three columns', async ({ page }) => {
    await page.goto('/buy');
    const one = page.getByRole('button', { name: '1 column' });
    await expect(page.getByRole('button', { name: '3 columns' })).toHaveAttribute('aria-pressed', 'true');
    await one.click();
    await expect(one).toHaveAttribute('aria-pressed', 'true');
    const boxes = await Promise.all([0, 1].map((i) => page.getByRole('article').nth(i).boundingBox()));
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
  });

  test('a card shows the listing facts and opens a gallery that says which image shows and Escape closes', async ({
    page,
    makeDevice,
  }) => {
    const first = await makeDevice({ condition: 'Excellent', images: 2 });
    await page.goto(`/buy?q=${encodeURIComponent(first.name)}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: first.name, exact: true }) });
    await expect(card.getByRole('link', { name: first.name, exact: true })).toHaveAttribute(
      'href',
      `/device/${first.id}`,
    );
    await expect(card.getByText('(15 reviews)')).toBeVisible();
    await expect(card.getByText('4.5', { exact: true })).toBeVisible();
    await expect(card.getByText('6 months warranty')).toBeVisible();
    await expect(card.getByText('Free shipping')).toBeVisible();
    await expect(card.getByText(first.condition, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/device/${first.id}`);

    await card.getByRole('button', { name: `Open ${first.name} gallery` }).click();
    const dialog = page.getByRole('dialog', { name: `${first.name} - Gallery` });
    await expect(dialog).toBeVisible();
    // It says which image shows, and follows the arrows.
    await expect(dialog.getByText('Image 1 of 2', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(dialog.getByText('Image 2 of 2', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a one-image gallery offers no arrows', async ({ page, makeDevice }) => {
    const device = await makeDevice({ images: 1 });
    await page.goto(`/buy?q=${encodeURIComponent(device.name)}`);
    await page.getByRole('button', { name: `Open ${device.name} gallery` }).click();
    const dialog = page.getByRole('dialog', { name: `${device.name} - Gallery` });
    await expect(dialog.getByText('1 image', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Next image' })).toHaveCount(0);
  });

  test('the gallery of a device without images says so and offers no arrows', async ({ page, makeDevice }) => {
    const device = await makeDevice();
    await page.goto(`/buy?q=${encodeURIComponent(device.name)}`);
    await page
      .getByRole('button', { name: `Open ${device.name} gallery` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `${device.name} - Gallery` });
    await expect(dialog.getByText('No images available')).toBeVisible();
    await expect(dialog.getByText('0 images', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /image$/ })).toHaveCount(0);
  });

  test('Add to Cart shows the toast and the header cart badge goes up', async ({ page, makeDevice }) => {
    const device = await makeDevice();
    await page.goto(`/buy?q=${encodeURIComponent(device.name)}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: device.name, exact: true }) });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`${device.name} added to cart!`)).toBeVisible();
    await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: /Cart, 2 items/ })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('quickbuy_cart') ?? '[]'));
    expect(stored).toEqual([expect.objectContaining({ id: device.id, name: device.name, quantity: 2 })]);
  });

  test('a device that is not in stock offers a disabled Out of Stock button', async ({ page, admin, makeDevice }) => {
    const device = await makeDevice({ quantity: 2 });
    // Sold out after it was listed: the admin sets its stock to 0.
    await admin.expect(admin.patch(`/api/admin/devices/${device.id}`, { quantity: 0 }));
    await page.goto(`/buy?q=${encodeURIComponent(device.name)}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: device.name, exact: true }) });
    await expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });
});

test.describe('device page', () => {
  test('shows the device, its price with the discount, and its specifications', async ({ page, makeDevice }) => {
    const device = await makeDevice({ brand: 'Samsung', price: 8999, originalPrice: 11999, images: 3 });
    await page.goto(`/device/${device.id}`);
    await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
    await expect(page).toHaveTitle(`${device.name} | QuickBuy`);
    await expect(page.getByText(device.brand, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('(15 reviews)')).toBeVisible();
    const percent = Math.round(((device.originalPrice! - device.price) / device.originalPrice!) * 100);
    await expect(page.getByText(`${percent}% off`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next image' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show image/ })).toHaveCount(Math.min(4, device.images.length));

    const specs = page.getByRole('region', { name: 'Specifications' });
    await expect(specs).toBeVisible();
    const spec = (label: string) => specs.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect(spec('Brand')).toHaveText(device.brand);
    await expect(spec('Storage')).toHaveText(device.storage);
    await expect(spec('RAM')).toHaveText(device.ram || '8GB');
    await expect(spec('Display')).toHaveText(device.displaySize || '15-inch');
    await expect(page.getByRole('region', { name: 'Customer Reviews' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to devices' })).toHaveAttribute('href', '/buy');
  });

  test('Buy Now adds the device and lands on the cart after about a second', async ({ page, makeDevice }) => {
    const device = await makeDevice();
    await page.goto(`/device/${device.id}`);
    // The page's own clock, so "after 1 second" is measured exactly rather than raced; installed on the
    // live page: a fake clock holds the painted frame the page's code waits for, and records no marks.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.clock.runFor(900);
    await expect(page).toHaveURL(/\/device\//);
    await page.clock.runFor(150);
    await page.waitForURL('**/cart');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('quickbuy_cart') ?? '[]'));
    expect(stored).toEqual([expect.objectContaining({ id: device.id, quantity: 1 })]);
  });

  test('an unknown device says Device not found with a way back', async ({ page }) => {
    await page.goto('/device/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Device not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to devices' })).toHaveAttribute('href', '/buy');
  });

  test('a broken image is replaced by the placeholder', async ({ page, makeDevice }) => {
    const device = await makeDevice({ images: 1 });
    const broken = device.images[device.defaultImageIndex] ?? device.images[0]!;
    await page.route(`**${broken}?*`, (route) => route.abort());
    await page.goto(`/device/${device.id}`);
    const main = page.getByRole('group', { name: `${device.name} images` }).locator('img');
    await expect(main).toHaveAttribute('src', '/placeholder.svg');
  });
});

test.describe('collections', () => {
  test('a collection lists its devices with the 5.0 badge and prices', async ({ page, makeDevice }) => {
    // The newest laptop: on the collection's first page.
    const laptop = await makeDevice({ brand: 'Dell', model: `Inspiron ${uniqueId()}`, type: 'laptop', price: 12499 });
    await page.goto('/collections/laptops');
    await expect(page.getByRole('heading', { level: 1, name: 'Laptops' })).toBeVisible();
    const card = page.locator(`a[href="/device/${laptop.id}"]`);
    await expect(card).toContainText('5.0');
    await expect(card).toContainText(laptop.name);
    await expect(card).toContainText(`₦${laptop.price.toLocaleString('en-US')}`);
  });

  test('an unknown collection shows the 404 page', async ({ page }) => {
    await page.goto('/collections/no-such-collection');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  });
});
