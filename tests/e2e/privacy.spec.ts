import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { unzip } from '../support/xlsx';
import { paths } from '../../src/shared/paths';
import { expectNoAxeViolations } from './axe';
import { Api, customerDetails, expect, placePaidOrder, signUpThroughEmail, test, uniqueId } from './fixtures';
import { emailTo, orderLinkInMail } from './mailbox';
import { deliver } from './return-request';

// A person's data, at 1280 and 375 px. A customer downloads their copy from the account page (the password asked
// again), then deletes the account: the dialog says what is erased and what the law keeps, a first click on Delete
// with nothing filled in shows what is missing, a wrong password lands under its field, and once deleted they are
// signed out, told by email, and cannot sign in. The admin does the same for a request received by email, and a
// guest from their order's emailed link.

const ERASED_SUBJECT = /^Your QuickBuy data has been erased$/;

/** The ZIP a download saved, its my-data.json read. */
async function savedData(download: Download) {
  expect(download.suggestedFilename()).toMatch(/^quickbuy-my-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzip(await readFile(await download.path()));
  return JSON.parse(files.get('my-data.json')!.toString('utf8'));
}

const WIDTHS = { '1280 px': { width: 1280, height: 900 }, '375 px': { width: 375, height: 812 } };

for (const [width, viewport] of Object.entries(WIDTHS)) {
  test.describe(`at ${width}`, () => {
    test.use({ viewport });

    test('a customer downloads their data as a ZIP, then deletes their account', async ({ page, customer }) => {
      test.slow();
      await page.goto(paths.account);
      await page.getByRole('tab', { name: 'Privacy' }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { name: 'Download My Data' })).toBeVisible();
      await expectNoAxeViolations(page, `${width}: the Privacy tab`);

      // 1. The copy: the password again, then a ZIP with their profile in it.
      await panel.getByLabel('Current Password').fill(customer.password);
      const downloading = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download My Data' }).click();
      const data = await savedData(await downloading);
      expect(data.account.profile).toMatchObject({ email: customer.email, firstName: customer.firstName });
      await expect(page.getByText('Your data has been downloaded.')).toBeVisible();

      // 2. The deletion's dialog says what goes and what stays. Delete pressed at once, the password still focused and
      // empty, takes that first click (nothing moves under the pointer as the field loses focus) and says what is
      // missing; a wrong password lands under its field.
      await panel.getByRole('button', { name: 'Delete My Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog.getByRole('heading', { name: 'What the law requires us to keep' })).toBeVisible();
      await expect(dialog).toContainText('for 5 years from the sale');
      await expect(dialog.getByLabel('Current Password')).toBeFocused();
      await expectNoAxeViolations(page, `${width}: the deletion dialog`);
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await expect(dialog.getByLabel('Current Password')).toHaveAccessibleDescription('Current password is required');
      await expect(dialog.getByLabel('I understand what is erased and what is kept')).toHaveAccessibleDescription(
        'Tick the box to confirm you understand what is erased and what is kept',
      );
      await expectNoAxeViolations(page, `${width}: the deletion dialog with its errors`);
      await dialog.getByLabel('Current Password').fill('Not-my-password-1');
      await dialog.getByLabel('I understand what is erased and what is kept').check();
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await expect(dialog.getByLabel('Current Password')).toHaveAccessibleDescription('Current password is incorrect');

      // 3. Deleted: signed out and home, told so on the page and by email; the password opens nothing.
      await dialog.getByLabel('Current Password').fill(customer.password);
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await expect(page.getByText('Your account has been deleted. We have emailed you a confirmation.')).toBeVisible();
      await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
      await expectNoAxeViolations(page, `${width}: home after the deletion`);
      const confirmation = await emailTo(customer.email, ERASED_SUBJECT);
      expect(confirmation.text).toContain('What the law requires us to keep, without your name or contact details:');
      const signIn = await page.request.post('/api/auth/signin', {
        data: { email: customer.email, password: customer.password },
        headers: { 'x-quickbuy-request': '1' },
      });
      expect(signIn.status()).toBe(401);
    });

    test("the admin answers a customer's request received by email: their data looked up, downloaded, erased", async ({
      page,
      signInAs,
      playwright,
      baseURL,
    }) => {
      test.slow();
      // The customer signs up in their own browser; the admin's page never holds their session.
      const person = customerDetails();
      const theirs = await playwright.request.newContext({ baseURL });
      await signUpThroughEmail(new Api(theirs), person);
      await theirs.dispose();
      await signInAs('admin');

      // 1. Looked up by the address the request came from: what the store holds, counted.
      await page.goto('/admin?tab=privacy');
      const panel = page.getByRole('tabpanel');
      await panel.getByLabel("Customer's email address").fill(person.email);
      await panel.getByRole('button', { name: 'Look Up' }).click();
      await expect(panel.getByRole('heading', { name: `Held for ${person.email}` })).toBeVisible();
      await expect(panel.getByText(`${person.firstName} ${person.lastName}, since`)).toBeVisible();
      await expectNoAxeViolations(page, `${width}: the admin's Privacy tab`);

      // 2. The copy needs the note of how the request came (for the audit log), then saves the customer's ZIP.
      const note = panel.getByLabel('How the request was received');
      await panel.getByRole('button', { name: 'Download Their Data' }).click();
      await expect(note).toHaveAccessibleDescription('Request reference is required');
      await note.fill('Email of 3 Nov');
      const downloading = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download Their Data' }).click();
      expect((await savedData(await downloading)).account.profile).toMatchObject({ email: person.email });
      await expect(page.getByText('Their data has been downloaded.')).toBeVisible();

      // 3. The erasure's dialog says what the customer's own says, keeps the note, and wants the address again.
      await panel.getByRole('button', { name: 'Erase Their Data' }).click();
      const dialog = page.getByRole('dialog', { name: `Erase the data held for ${person.email}?` });
      await expect(dialog.getByRole('heading', { name: 'What the law requires us to keep' })).toBeVisible();
      await expect(dialog).toContainText('for 5 years from the sale');
      await expect(dialog.getByLabel('How the request was received')).toBeFocused();
      await expect(dialog.getByLabel('How the request was received')).toHaveValue('Email of 3 Nov');
      await expectNoAxeViolations(page, `${width}: the admin's erasure dialog`);
      await dialog.getByRole('button', { name: 'Erase Their Data' }).click();
      await expect(dialog.getByLabel('Type the email address again')).toHaveAccessibleDescription(
        'The email addresses do not match',
      );
      await dialog.getByLabel('Type the email address again').fill(person.email.toUpperCase());
      await dialog.getByRole('button', { name: 'Erase Their Data' }).click();
      await expect(
        page.getByText(`The data held for ${person.email} has been erased, and a confirmation emailed.`),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(panel.getByText('None (a guest)')).toBeVisible();
      await emailTo(person.email, ERASED_SUBJECT);
    });

    test("a guest downloads and erases their data from their order's emailed link", async ({
      page,
      admin,
      makeDevice,
      playwright,
      baseURL,
    }) => {
      test.slow();
      const device = await makeDevice({ price: 4999, quantity: 2 });
      const email = `privacy.${uniqueId()}@example.co.za`;
      // The order is placed in another browser: this page holds no token of it.
      const shop = await playwright.request.newContext({ baseURL });
      const placed = await placePaidOrder(new Api(shop), device, email);
      await shop.dispose();

      // Without the link the order does not open, and nothing offers its data.
      await page.goto(paths.orderConfirmation(placed.orderNumber));
      await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your Data' })).toHaveCount(0);

      // 1. From the emailed link: the copy of what the store holds under the order's address.
      await page.goto(await orderLinkInMail(email, `Order Confirmed! ${placed.orderNumber}`));
      const panel = page.getByRole('region', { name: 'Your Data' });
      await expect(panel.getByRole('button', { name: 'Download My Data' })).toBeVisible();
      await expectNoAxeViolations(page, `${width}: the order page's Your Data`);
      const downloading = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download My Data' }).click();
      const data = await savedData(await downloading);
      expect(data.orders.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([placed.orderNumber]);

      // 2. The erasure: the same statement, the box, and a refusal while the order is still on its way.
      await panel.getByRole('button', { name: 'Erase My Data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase your data?' });
      await expect(dialog.getByRole('heading', { name: 'What we erase' })).toBeVisible();
      await expectNoAxeViolations(page, `${width}: the guest's erasure dialog`);
      await dialog.getByRole('button', { name: 'Erase My Data' }).click();
      const box = dialog.getByLabel('I understand what is erased and what is kept');
      await expect(box).toHaveAccessibleDescription(
        'Tick the box to confirm you understand what is erased and what is kept',
      );
      await box.check();
      await dialog.getByRole('button', { name: 'Erase My Data' }).click();
      await expect(dialog.getByText(`These are still under way: ${placed.orderNumber}.`)).toBeVisible();

      // 3. Once delivered, erased: told on the page and by email.
      await deliver(admin, placed.orderNumber);
      await dialog.getByRole('button', { name: 'Erase My Data' }).click();
      await expect(page.getByText('Your details have been erased. We have emailed you a confirmation.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await emailTo(email, ERASED_SUBJECT);
    });
  });
}
