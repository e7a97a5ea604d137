import { readFile } from 'node:fs/promises';
import { unzip } from '../support/xlsx';
import { paths } from '../../src/shared/paths';
import { expectNoAxeViolations } from './axe';
import { expect, pageFromOwnAddress, test } from './fixtures';
import { emailTo } from './mailbox';

// A customer's own data, at 1280 and 375 px: they download their copy from the account page (the password
// asked again), then delete the account: the dialog says what is erased and what the law keeps, a wrong
// password lands under its field, and once deleted they are signed out, told by email, and cannot sign in.

const WIDTHS = { '1280 px': { width: 1280, height: 900 }, '375 px': { width: 375, height: 812 } };

for (const [width, viewport] of Object.entries(WIDTHS)) {
  test.describe(`at ${width}`, () => {
    test.use({ viewport });

    test('a customer downloads their data as a ZIP, then deletes their account', async ({ page, customer }) => {
      test.slow();
      // Its wrong passwords count against an address of its own, and others' cannot refuse its right ones.
      const address = await pageFromOwnAddress(page);
      await page.goto(paths.account);
      await page.getByRole('tab', { name: 'Privacy' }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { name: 'Download My Data' })).toBeVisible();
      await expectNoAxeViolations(page, `${width}: the Privacy tab`);

      // 1. The copy: the password again, then a ZIP with their profile in it.
      await panel.getByLabel('Current Password').fill(customer.password);
      const downloading = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download My Data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^quickbuy-my-data-\d{4}-\d\d-\d\d\.zip$/);
      const files = unzip(await readFile(await download.path()));
      const data = JSON.parse(files.get('my-data.json')!.toString('utf8'));
      expect(data.account.profile).toMatchObject({ email: customer.email, firstName: customer.firstName });
      await expect(page.getByText('Your data has been downloaded.')).toBeVisible();

      // 2. The deletion's dialog says what goes and what stays; a wrong password lands under its field.
      await panel.getByRole('button', { name: 'Delete My Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog.getByRole('heading', { name: 'What the law requires us to keep' })).toBeVisible();
      await expect(dialog).toContainText('for 5 years from the sale');
      await expect(dialog.getByLabel('Current Password')).toBeFocused();
      await expectNoAxeViolations(page, `${width}: the deletion dialog`);
      await dialog.getByLabel('Current Password').fill('Not-my-password-1');
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await expect(dialog.getByLabel('I understand what is erased and what is kept')).toHaveAccessibleDescription(
        'Tick the box to confirm you understand what is erased and what is kept',
      );
      await dialog.getByLabel('I understand what is erased and what is kept').check();
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await expect(dialog.getByLabel('Current Password')).toHaveAccessibleDescription('Current password is incorrect');

      // 3. Deleted: signed out and home, told so on the page and by email; the password opens nothing.
      await dialog.getByLabel('Current Password').fill(customer.password);
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await expect(page.getByText('Your account has been deleted. We have emailed you a confirmation.')).toBeVisible();
      await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
      await expectNoAxeViolations(page, `${width}: home after the deletion`);
      const confirmation = await emailTo(customer.email, /^Your QuickBuy data has been erased$/);
      expect(confirmation.text).toContain('What the law requires us to keep, without your name or contact details:');
      const signIn = await page.request.post('/api/auth/signin', {
        data: { email: customer.email, password: customer.password },
        headers: { 'x-quickbuy-request': '1', 'x-forwarded-for': address },
      });
      expect(signIn.status()).toBe(401);
    });
  });
}
