import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Device, DeviceListReply, HomeReply } from '../../src/shared/catalog';
import { HOME_SECTIONS } from '../../src/shared/catalog';

// User stories of the storefront a shopper browses (spec 000 sections 2, 5 and 9), against the
// seeded demo catalog on the real server.

async function listDevices(request: APIRequestContext, query = ''): Promise<DeviceListReply> {
  const response = await request.get(`/api/devices?pageSize=100${query ? `&${query}` : ''}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as DeviceListReply;
}

async function findDevice(request: APIRequestContext, wanted: (device: Device) => boolean): Promise<Device> {
  for (let page = 1; page <= 10; page++) {
    const reply = await listDevices(request, `page=${page}`);
    const device = reply.items.find(wanted);
    if (device) return device;
    if (page * reply.pageSize >= reply.filteredTotal) break;
  }
  throw new Error('The demo catalog has no device of the kind this test needs');
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
    request,
  }) => {
    const home = (await (await request.get('/api/home')).json()) as HomeReply;
    const device = home.sections.flatMap((section) => section.devices).find((d) => d.images.length > 1);
    test.skip(!device, 'no home card with several images in the demo catalog');
    await page.goto('/');
    const card = page.locator(`a[href="/device/${device!.id}"]`).first();
    const image = card.locator('img');
    await card.scrollIntoViewIfNeeded();
    const first = await image.getAttribute('src');
    expect(first).toContain(device!.images[0]);
    await card.hover();
    await expect(image).not.toHaveAttribute('src', first!, { timeout: 2_000 });
    expect(await image.getAttribute('src')).toContain(device!.images[1]);
    await page.mouse.move(0, 0);
    await expect(image).toHaveAttribute('src', first!);
  });
});

test.describe('buy listing', () => {
  test('filters change the counts, live in the URL, survive a reload, and back restores the previous view', async ({
    page,
    request,
  }) => {
    const all = await listDevices(request);
    const laptops = await listDevices(request, 'category=laptop');
    expect(laptops.filteredTotal).toBeGreaterThan(0);
    expect(laptops.filteredTotal).toBeLessThan(all.total);

    await page.goto('/buy');
    await expect(page.getByRole('heading', { level: 1, name: 'Buy Quality Devices' })).toBeVisible();
    await expect(page.getByText('Certified pre-owned phones and laptops with warranty')).toBeVisible();
    await expect(stat(page, 'Total devices available')).toHaveText(String(all.total));
    await expect(stat(page, 'Filtered devices')).toHaveText(String(all.total));

    await page.getByLabel('Category').selectOption({ label: 'Laptops' });
    await expect(page).toHaveURL(/category=laptop/);
    await expect(stat(page, 'Filtered devices')).toHaveText(String(laptops.filteredTotal));
    await expect(stat(page, 'Total devices available')).toHaveText(String(all.total));

    const cheapLaptops = await listDevices(request, 'category=laptop&price=under-10k');
    await page.getByLabel('Price Range').selectOption({ label: 'Under R10,000' });
    await expect(page).toHaveURL(/price=under-10k/);
    await expect(stat(page, 'Filtered devices')).toHaveText(String(cheapLaptops.filteredTotal));

    await page.reload();
    await expect(page.getByLabel('Category')).toHaveValue('laptop');
    await expect(page.getByLabel('Price Range')).toHaveValue('under-10k');
    await expect(stat(page, 'Filtered devices')).toHaveText(String(cheapLaptops.filteredTotal));

    await page.goBack();
    await expect(page).not.toHaveURL(/price=/);
    await expect(page.getByLabel('Price Range')).toHaveValue('all');
    await expect(stat(page, 'Filtered devices')).toHaveText(String(laptops.filteredTotal));

    const brand = await listDevices(request, 'brand=apple');
    await page.goto('/buy?brand=apple');
    await expect(page.getByLabel('Brand')).toHaveValue('apple');
    await expect(stat(page, 'Filtered devices')).toHaveText(String(brand.filteredTotal));
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

  test('search matches name or brand in any case and says when nothing matches', async ({ page, request }) => {
    const samsung = await listDevices(request, 'q=samsung');
    expect(samsung.filteredTotal).toBeGreaterThan(0);
    await page.goto('/buy');
    await page.getByPlaceholder('Search devices...').fill('SAMSUNG');
    await expect(page).toHaveURL(/q=SAMSUNG/);
    await expect(stat(page, 'Filtered devices')).toHaveText(String(samsung.filteredTotal));
    const names = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain('samsung');

    await page.getByPlaceholder('Search devices...').fill('no such device zzz');
    await expect(page.getByText('No devices found matching your criteria.')).toBeVisible();
  });

  test('the listing pages through the catalog instead of loading every device', async ({ page, request }) => {
    const all = await listDevices(request);
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

  test('a card shows the listing facts and opens a gallery that Escape closes', async ({ page, request }) => {
    const first = (await listDevices(request)).items[0]!;
    await page.goto('/buy');
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
    const count = first.images.length;
    await expect(dialog.getByText(count === 1 ? '1 image' : `${count} images`, { exact: true })).toBeVisible();
    if (count > 1) {
      await expect(dialog.getByRole('button', { name: 'Next image' })).toBeVisible();
    } else {
      await expect(dialog.getByRole('button', { name: 'Next image' })).toHaveCount(0);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the gallery of a device without images says so and offers no arrows', async ({ page, request }) => {
    let device: Device | undefined;
    try {
      device = await findDevice(request, (d) => d.images.length === 0);
    } catch {
      test.skip(true, 'every demo device has images');
    }
    await page.goto(`/buy?q=${encodeURIComponent(device!.name)}`);
    await page
      .getByRole('button', { name: `Open ${device!.name} gallery` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `${device!.name} - Gallery` });
    await expect(dialog.getByText('No images available')).toBeVisible();
    await expect(dialog.getByText('0 images', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /image$/ })).toHaveCount(0);
  });

  test('Add to Cart shows the toast and the header cart badge goes up', async ({ page, request }) => {
    const device = await findDevice(request, (d) => d.inStock);
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

  test('a device that is not in stock offers a disabled Out of Stock button', async ({ page, request }) => {
    let device: Device | undefined;
    try {
      device = await findDevice(request, (d) => !d.inStock);
    } catch {
      test.skip(true, 'every demo device is in stock');
    }
    await page.goto(`/buy?q=${encodeURIComponent(device!.name)}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: device!.name, exact: true }) });
    await expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });
});

test.describe('device page', () => {
  test('shows the device, its price with the discount, and its specifications', async ({ page, request }) => {
    const device = await findDevice(
      request,
      (d) => d.inStock && d.originalPrice !== null && d.originalPrice > d.price && d.images.length > 1,
    );
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

  test('Buy Now adds the device and lands on the cart after about a second', async ({ page, request }) => {
    const device = await findDevice(request, (d) => d.inStock);
    // The page's own clock, so "after 1 second" is measured exactly rather than raced.
    await page.clock.install();
    await page.goto(`/device/${device.id}`);
    await page.getByRole('button', { name: 'Buy Now' }).waitFor();
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

  test('a broken image is replaced by the placeholder', async ({ page, request }) => {
    const device = await findDevice(request, (d) => d.images.length > 0);
    const broken = device.images[device.defaultImageIndex] ?? device.images[0]!;
    await page.route(`**${broken}?*`, (route) => route.abort());
    await page.goto(`/device/${device.id}`);
    const main = page.getByRole('group', { name: `${device.name} images` }).locator('img');
    await expect(main).toHaveAttribute('src', '/placeholder.svg');
  });
});

test.describe('collections', () => {
  test('a collection lists its devices with the 5.0 badge and prices', async ({ page, request }) => {
    const reply = (await (await request.get('/api/collections/laptops')).json()) as { items: Device[] };
    await page.goto('/collections/laptops');
    await expect(page.getByRole('heading', { level: 1, name: 'Laptops' })).toBeVisible();
    if (reply.items.length === 0) {
      await expect(page.getByText('No laptops available at the moment.')).toBeVisible();
      return;
    }
    const first = reply.items[0]!;
    const card = page.locator(`a[href="/device/${first.id}"]`);
    await expect(card).toContainText('5.0');
    await expect(card).toContainText(first.name);
    await expect(card).toContainText(`₦${first.price.toLocaleString('en-US')}`);
  });

  test('an unknown collection shows the 404 page', async ({ page }) => {
    await page.goto('/collections/no-such-collection');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  });
});
