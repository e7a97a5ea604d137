import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import type { PagedReply } from '../../src/shared/paging';
import type { Device } from '../../src/shared/catalog';
import type { StockImagesReply } from '../../src/shared/inventory';
import type { CheckoutReply } from '../../src/shared/orders';
import { Api, expect, test, uniqueId } from './fixtures';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

test('the admin dashboard keeps its tab in the URL through reload and Back', async ({ page }) => {
  await page.goto('/admin?tab=devices');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard - Manage your platform' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Overview',
    'Transactions',
    'Orders',
    'Repairs',
    'Returns',
    'Reports',
    'Agents',
    'Devices',
    'Paystack',
    'Outbox',
    'Privacy',
    'Audit log',
  ]);
  await expect(tabs.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Paystack' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=paystack$/);
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Paystack' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\?tab=devices$/);
  await expect(tabs.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
});

/** A 2x2 PNG of one colour: real image bytes for the upload. */
function png(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.from([0, ...rgb, ...rgb]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

test('the admin adds a device with two photos after trying a stock image, sees it on /buy at once and edits its price', async ({
  page,
}) => {
  const model = `Pixel ${uniqueId()}`;
  const name = `Google ${model}`;
  const photos = [
    { name: 'front.png', mimeType: 'image/png', buffer: png([200, 40, 40]) },
    { name: 'back.png', mimeType: 'image/png', buffer: png([40, 40, 200]) },
  ];
  await page.goto('/admin?tab=devices');
  await page.getByRole('button', { name: 'Add Device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Device' });
  await expect(dialog.getByLabel('Type')).toHaveText(/Phone\s*Laptop\s*Tablet\s*TV/);
  await expect(dialog.getByLabel('Price (₦)', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Original price (₦) (optional)', { exact: true })).toBeVisible();
  await dialog.getByLabel('Brand').fill('Google');
  await dialog.getByLabel('Model').fill(model);
  await dialog.getByLabel('Storage').fill('128GB');
  await dialog.getByLabel(/^Price/).fill('8999');
  await dialog.getByLabel(/^Original price/).fill('10999');
  await dialog.getByLabel(/^Quantity/).fill('0');

  const picker = dialog.getByLabel('Choose files');
  await picker.setInputFiles(photos);
  await expect(dialog.getByRole('img', { name: /^Image \d$/ })).toHaveCount(2);
  // A stock image replaces the uploads and disables the picker; removing it enables the picker again.
  await dialog.getByRole('button', { name: 'Use Phone stock image' }).click();
  await expect(dialog.getByRole('img', { name: /^Image \d$/ })).toHaveCount(1);
  await expect(picker).toBeDisabled();
  await dialog.getByRole('button', { name: 'Remove image 1' }).click();
  await expect(picker).toBeEnabled();
  await picker.setInputFiles(photos);
  await expect(dialog.getByRole('img', { name: /^Image \d$/ })).toHaveCount(2);
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Main' }).nth(1).check();
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  await expect(page.getByText('Device added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search devices').fill(model);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByRole('img')).toHaveCount(2);
  await expect(card.getByText('Main')).toBeVisible();
  await expect(card.getByText('In Stock')).toBeVisible();
  // Quantity 0 on Add falls back to 1 (spec 001 section 5).
  await expect(card.getByText('Quantity').locator('xpath=following-sibling::dd[1]')).toHaveText('1');

  await page.goto(`/buy?q=${encodeURIComponent(model)}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.goto(`/admin?tab=devices&q=${encodeURIComponent(model)}`);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Device' });
  await expect(edit.getByLabel(/^Price/)).toHaveValue('8999');
  await edit.getByLabel(/^Price/).fill('7999');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Device updated successfully!')).toBeVisible();
  await expect(card.getByText('7,999').first()).toBeVisible();

  await page.goto(`/buy?q=${encodeURIComponent(model)}`);
  await expect(page.getByText('7,999').first()).toBeVisible();
});

/** Picks `file` in the device dialog's file input and waits for its upload; resolves to the stored id. */
async function upload(page: Page, picker: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const stored = page.waitForResponse((res) => res.url().endsWith('/api/admin/images') && res.status() === 201);
  await picker.setInputFiles(file);
  return ((await (await stored).json()) as { id: string }).id;
}

test('a failed photo does not move Main onto another picture', async ({ page, api }) => {
  const model = `Pixel ${uniqueId()}`;
  await page.goto('/admin?tab=devices');
  await page.getByRole('button', { name: 'Add Device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Device' });
  await dialog.getByLabel('Brand').fill('Google');
  await dialog.getByLabel('Model').fill(model);
  await dialog.getByLabel(/^Price/).fill('5999');
  const picker = dialog.getByLabel('Choose files');
  await picker.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  // Its bytes are no image of any kind, whatever its name and label say.
  await expect(dialog.getByText('Upload a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB')).toBeVisible();
  await upload(page, picker, { name: 'front.png', mimeType: 'image/png', buffer: png([200, 40, 40]) });
  const back = await upload(page, picker, { name: 'back.png', mimeType: 'image/png', buffer: png([40, 40, 200]) });
  await dialog.getByRole('radio', { name: 'Main' }).nth(2).check();
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  await expect(page.getByText('Device added successfully!')).toBeVisible();

  const { items } = await api.expect<PagedReply<Device>>(api.get(`/api/admin/devices?q=${encodeURIComponent(model)}`));
  expect(items[0]!.images).toHaveLength(2);
  expect(items[0]!.images[0]).toContain(back);
});

test("Edit shows a device's stock image in use, and photos dropped on it replace it", async ({
  page,
  api,
  makeDevice,
}) => {
  const { items: stock } = await api.expect<StockImagesReply>(api.get('/api/admin/stock-images'));
  const device = await makeDevice({ imageIds: [stock[0]!.id] });
  await page.goto(`/admin?tab=devices&q=${encodeURIComponent(device.model)}`);
  await page.getByRole('button', { name: `Edit ${device.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Device' });
  const picker = edit.getByLabel('Choose files');
  await expect(edit.getByRole('img', { name: /^Image \d$/ })).toHaveCount(1);
  await expect(picker).toBeDisabled();

  // Dropping a photo (the file input stays disabled, as the spec says) replaces the stock image.
  const photo = png([40, 160, 40]).toString('base64');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], 'green.png', { type: 'image/png' }));
    return transfer;
  }, photo);
  const stored = page.waitForResponse((res) => res.url().endsWith('/api/admin/images') && res.status() === 201);
  await edit.getByText('Drag photos here, or').dispatchEvent('drop', { dataTransfer });
  const uploaded = ((await (await stored).json()) as { id: string }).id;
  await expect(edit.getByRole('img', { name: /^Image \d$/ })).toHaveCount(1);
  await expect(picker).toBeEnabled();
  await expect(edit.getByRole('progressbar')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Device updated successfully!')).toBeVisible();
  const saved = await api.expect<Device>(api.get(`/api/devices/${device.id}`));
  expect(saved.images).toHaveLength(1);
  expect(saved.images[0]).toContain(uploaded);
});

test('the admin refunds part of a paid order, and more than is left is refused', async ({
  page,
  makeDevice,
  playwright,
  baseURL,
}) => {
  const device = await makeDevice({ price: 5000 });
  const shopper = new Api(await playwright.request.newContext({ baseURL }));
  const placed = await shopper.expect<CheckoutReply>(
    shopper.post('/api/checkout', {
      items: [{ deviceId: device.id, quantity: 1 }],
      customer: {
        firstName: 'Lerato',
        lastName: 'Mokoena',
        email: `refund.${uniqueId()}@example.co.za`,
        phone: '+27 82 111 2222',
        shippingAddress: { street: '1 Bree Street', city: 'Cape Town', state: 'Western Cape', zipCode: '8001' },
        sameAsShipping: true,
      },
    }),
    201,
  );
  const { reference } = placed.payment;
  await shopper.expect(
    shopper.post('/api/payments/sandbox/charge', {
      reference,
      cardNumber: '4084084084084081',
      cvv: '408',
      expiry: '12/30',
    }),
  );
  await shopper.expect(shopper.post('/api/payments/verify', { reference }));
  await shopper.request.dispose();

  await page.goto(`/admin?tab=paystack&q=${reference}`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('success')).toBeVisible();
  await row.getByRole('button', { name: 'Process Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Process Refund' });
  await dialog.getByLabel(/Refund amount/).fill('6000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    dialog.getByText(/^The refund can be at most NGN [\d,.]+, what is left of this payment to refund$/),
  ).toBeVisible();
  await dialog.getByLabel(/Refund amount/).fill('1500');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Refund processed successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Refunded NGN 1,500.00')).toBeVisible();

  await row.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Payment ${reference}` });
  await expect(details.getByText(placed.orderNumber)).toBeVisible();
  await expect(details.getByText(/NGN 1,500\.00 · processed/)).toBeVisible();
});
