import sharp from 'sharp';
import { customerDetails, expect, signUpThroughEmail, test, uniqueId } from './fixtures';
import { fillPhone } from './sell-form';

test.describe('sell a device', () => {
  test('a guest sells a phone, sees the estimate and tracks it', async ({ page }) => {
    const email = `seller.${uniqueId()}@example.com`;
    await page.goto('/sell');
    await expect(page.getByRole('heading', { level: 1, name: 'Sell Your Device' })).toBeVisible();
    await expect(page.getByText('Get an instant quote for your phone, laptop, tablet, or TV')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Device Details' })).toBeVisible();
    await fillPhone(page, email);
    await page.getByRole('button', { name: 'Get Instant Quote' }).click();

    await expect(page.getByRole('heading', { name: 'Submission Successful!' })).toBeVisible();
    const number = (await page.getByTestId('transaction-number').textContent())!;
    expect(number).toMatch(/^TXN\d{14,16}$/);
    await expect(page.getByText(`A confirmation email has been sent to ${email}`)).toBeVisible();
    await expect(page.getByText(/Estimated value: R[\d,]+/)).toBeVisible();
    await expect(page.getByText('(final offer after inspection)')).toBeVisible();

    await page.getByRole('link', { name: 'Track Your Device' }).click();
    await expect(page).toHaveURL(`/track?number=${number}`);
    await expect(page.getByRole('heading', { name: 'Transaction Details' })).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Awaiting Confirmation');
    await expect(page.getByText('Samsung Galaxy S22 256GB')).toBeVisible();
    await expect(page.getByText('Good (Minor wear)')).toBeVisible();
    await expect(page.getByText(/^s\*\*\*@example\.com$/)).toBeVisible();
    await expect(page.getByText('***0199')).toBeVisible();
  });

  test('a signed-in seller finds their name filled in, and staff see the name the form gave', async ({
    page,
    api,
    signInAs,
  }) => {
    const customer = customerDetails();
    await signUpThroughEmail(api, customer);
    await page.goto('/sell');
    await expect(page.getByLabel(/^Full Name/)).toHaveValue('Ayanda Zulu');
    await fillPhone(page, customer.email);
    await page.getByRole('button', { name: 'Get Instant Quote' }).click();
    const number = (await page.getByTestId('transaction-number').textContent())!;

    await signInAs('admin');
    await page.goto(`/admin?tab=transactions&q=${number}`);
    const row = page.getByRole('listitem', { name: number });
    await expect(row.getByText(`Sipho Dlamini · ${customer.email}`, { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'View Details' }).click();
    await expect(page.getByRole('dialog').getByText('Guest seller')).toHaveCount(0);
    await expect(page.getByRole('dialog').getByText('Sipho Dlamini', { exact: true })).toBeVisible();
  });

  test('at 375 px the success view starts at its heading, in view and focused, not where the form was scrolled', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/sell');
    await fillPhone(page, `seller.${uniqueId()}@example.com`);
    await page.getByRole('button', { name: 'Get Instant Quote' }).click();
    const heading = page.getByRole('heading', { name: 'Submission Successful!' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    // Not under the sticky header: the header ends above the heading's top.
    const header = await page.getByRole('banner').boundingBox();
    const top = await heading.boundingBox();
    expect(top!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  test('Get Instant Quote waits for a type and ownership; required fields say what is missing', async ({ page }) => {
    await page.goto('/sell');
    const submit = page.getByRole('button', { name: 'Get Instant Quote' });
    await expect(submit).toBeDisabled();
    await page.getByLabel(/^Device Type/).selectOption('laptop');
    await expect(submit).toBeDisabled();
    await page.getByLabel('I am the owner of this device').check();
    await expect(submit).toBeEnabled();
    await page.getByLabel(/^Contact Phone/).fill('555 0199');
    await page.getByLabel(/^Contact Email/).fill('not-an-email');
    await page.getByLabel(/^IMEI/).fill('490154203237519');
    // Leaving the field shows its error and moves the button down: click where it has settled.
    await page.getByLabel(/^IMEI/).blur();
    await submit.click();
    await expect(page.getByText('Model is required')).toBeVisible();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Address is required')).toBeVisible();
    await expect(page.getByText('Enter a South African phone number, like 082 555 0199')).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('This IMEI is not valid: check its 15 digits')).toBeVisible();
    await page.getByLabel('I am the owner of this device').uncheck();
    await expect(submit).toBeDisabled();
  });

  test('brand, storage and RAM follow the type, and a choice that no longer fits is cleared', async ({ page }) => {
    await page.goto('/sell');
    const brand = page.getByLabel(/^Brand/);
    await page.getByLabel(/^Device Type/).selectOption('laptop');
    await expect(brand.getByRole('option')).toHaveText(['Select brand', 'Apple', 'Dell', 'HP', 'Lenovo', 'Asus']);
    await brand.selectOption('Dell');
    await page.getByLabel(/^Storage/).selectOption('2TB SSD');
    await page.getByLabel(/^RAM/).selectOption('32GB');
    await page.getByLabel(/^Device Type/).selectOption('phone');
    await expect(brand).toHaveValue('');
    await expect(page.getByLabel(/^Storage/)).toHaveValue('');
    await expect(page.getByLabel(/^RAM/)).toHaveValue('');
    await brand.selectOption('Apple');
    await page.getByLabel(/^Device Type/).selectOption('tablet');
    await expect(brand).toHaveValue('Apple');
    await page.getByLabel(/^Device Type/).selectOption('tv');
    await expect(page.getByLabel(/^Storage/).getByRole('option')).toHaveText(['Select storage', 'N/A']);
    await expect(page.getByLabel(/^RAM/)).toHaveCount(0);
  });

  test('Submit Another Device returns to an empty form', async ({ page }) => {
    await page.goto('/sell');
    await fillPhone(page, `again.${uniqueId()}@example.com`);
    await page.getByRole('button', { name: 'Get Instant Quote' }).click();
    await page.getByRole('button', { name: 'Submit Another Device' }).click();
    await expect(page.getByLabel(/^Model/)).toHaveValue('');
    await expect(page.getByLabel(/^Device Type/)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Get Instant Quote' })).toBeDisabled();
  });

  test('the photo picker says which files it did not add and why: not a photo, past the fifth', async ({ page }) => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    const photos = [1, 2, 3, 4, 5, 6].map((n) => ({ name: `view-${n}.png`, mimeType: 'image/png', buffer: png }));
    const notes = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('one scratch') };
    await page.goto('/sell');
    await page.getByLabel('Add photos').setInputFiles([notes, ...photos]);

    await expect(page.getByRole('img', { name: /^Your device, view \d$/ })).toHaveCount(5);
    await expect(page.getByRole('status').filter({ hasText: 'was not added' }).locator('p')).toHaveText([
      'notes.txt was not added: it is not a photo.',
      'view-6.png was not added: at most 5 photos.',
    ]);
    // Full, the picker gives way; a photo removed makes room, and the next pick clears what was said.
    await expect(page.getByLabel('Add photos')).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove photo 5' }).click();
    await page.getByLabel('Add photos').setInputFiles([photos[5]!]);
    await expect(page.getByRole('img', { name: /^Your device, view \d$/ })).toHaveCount(5);
    await expect(page.getByText('was not added')).toHaveCount(0);
  });
});
