import type { Locator, Page } from '@playwright/test';
import { pickupDates } from '../../src/shared/repair-calendar';
import type { RepairTrackingView } from '../../src/shared/repairs';
import { expect, test } from './fixtures';
import { chooseFreePickup, fillSlot, freeBooking } from './repair-booking';

/** Presses Tab until `target` has focus: the test reaches every control as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const dialogTitled = (page: Page, step: number) =>
  page.getByRole('dialog', { name: `Book a Repair - Step ${step} of 6` });

/** Opens the dialog from the Battery Replacement card and books Pieter's laptop up to step 6, which it returns. */
async function upToPickupStep(page: Page) {
  await page.goto('/repairs');
  await page.getByRole('button', { name: 'Book Now for Battery Replacement' }).click();
  await dialogTitled(page, 1).getByText('Laptop').click();
  await dialogTitled(page, 1).getByRole('button', { name: 'Next' }).click();
  await dialogTitled(page, 2).getByRole('button', { name: 'Next' }).click();
  await dialogTitled(page, 3).getByText('1 week').click();
  await dialogTitled(page, 3).getByRole('button', { name: 'Next' }).click();
  await dialogTitled(page, 4).getByRole('button', { name: 'Next' }).click();
  const step5 = dialogTitled(page, 5);
  await step5.getByLabel('Full Name').fill('Pieter Botha');
  await step5.getByLabel('Phone').fill('021 555 0199');
  await step5.getByLabel('Email').fill('pieter@example.co.za');
  await step5.getByLabel('Pickup Address').fill('3 Long Street');
  await step5.getByRole('button', { name: 'Next' }).click();
  return dialogTitled(page, 6);
}

/** The dialog at a step, once its heading has taken the focus (where the keyboard user continues from). */
async function atStep(page: Page, step: number, heading: string) {
  const dialog = dialogTitled(page, step);
  await expect(dialog.getByRole('heading', { name: heading, exact: true })).toBeFocused();
  return dialog;
}

test.describe('repairs', () => {
  test('the services page shows the headline, the support phone, three benefits and nine services', async ({
    page,
  }) => {
    await page.goto('/repairs');
    await expect(page).toHaveTitle('Repair Services | QuickBuy');
    await expect(page.getByRole('heading', { level: 1, name: 'Professional Repair Services' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book a Repair Now' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call us: +27 21 555 0123' })).toBeVisible();
    for (const name of ['Warranty on Every Repair', 'Fast Turnaround', 'Expert Technicians']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole('main').getByRole('button', { name: /^Book (?!a Repair)/ })).toHaveCount(9);
    await expect(page.getByRole('listitem').filter({ hasText: 'Unlock Network' })).toContainText('N/A');
  });

  test('a guest books a screen repair through all six steps with the keyboard only', async ({ page, api }) => {
    // Some hundred key presses, each awaited: about 25 s on a busy 2-core machine, near the default 30 s.
    test.slow();
    await page.goto('/repairs');
    await tabTo(page, page.getByRole('button', { name: 'Book Now for Screen Repair' }));
    await page.keyboard.press('Enter');

    // Step 1: device type. Back is disabled, Next waits for a choice.
    let dialog = dialogTitled(page, 1);
    await expect(dialog).toBeVisible();
    const back = dialog.getByRole('button', { name: 'Back' });
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(back).toBeDisabled();
    await expect(next).toBeDisabled();
    await tabTo(page, dialog.getByRole('radio', { name: 'Phone' }));
    await page.keyboard.press('Space');
    await expect(next).toBeEnabled();
    await tabTo(page, next);
    await page.keyboard.press('Enter');

    // Step 2: the service of the card is already chosen.
    dialog = await atStep(page, 2, 'Repair Service');
    await expect(dialog.getByRole('radio', { name: /^Screen Repair/ })).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 3: timeframe; going Back keeps what was chosen.
    dialog = await atStep(page, 3, 'Timeframe');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await tabTo(page, dialog.getByRole('radio', { name: 'From 2 hours' }));
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByRole('button', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await expect(
      (await atStep(page, 2, 'Repair Service')).getByRole('radio', { name: /^Screen Repair/ }),
    ).toBeChecked();
    await tabTo(page, dialogTitled(page, 2).getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    dialog = await atStep(page, 3, 'Timeframe');
    await expect(dialog.getByRole('radio', { name: 'From 2 hours' })).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 4: device details, none required.
    dialog = await atStep(page, 4, 'Device Details');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
    await tabTo(page, dialog.getByLabel('Brand'));
    await page.keyboard.type('Samsung');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Galaxy S23');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByLabel('Issue Type')).toHaveValue('Screen Damage');
    await tabTo(page, dialog.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 5: all four contact fields, the email's format checked under its field.
    dialog = await atStep(page, 5, 'Your Details');
    await tabTo(page, dialog.getByLabel('Full Name'));
    await page.keyboard.type('Thandi Nkosi');
    await page.keyboard.press('Tab');
    await page.keyboard.type('+27 82 123 4567');
    await page.keyboard.press('Tab');
    await page.keyboard.type('thandi@');
    await page.keyboard.press('Tab');
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
    await page.keyboard.type('12 Kloof Street, Gardens, Cape Town');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('End');
    await page.keyboard.type('example.co.za');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
    await tabTo(page, dialog.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 6: a date from the picker, then one of its free times.
    dialog = await atStep(page, 6, 'Pickup');
    const submit = dialog.getByRole('button', { name: 'Submit Booking' });
    await expect(submit).toBeDisabled();
    const time = dialog.getByLabel('Pickup Time');
    const noTimesLeft = dialog.getByText('No pickup times left on this day. Choose another date.');
    do {
      await tabTo(page, dialog.getByLabel('Pickup Date'));
      await page.keyboard.press('ArrowDown');
      await expect(time).toBeEnabled();
    } while (await noTimesLeft.isVisible());
    await tabTo(page, time);
    await page.keyboard.press('ArrowDown');
    await expect(submit).toBeEnabled();
    await tabTo(page, submit);
    await page.keyboard.press('Enter');

    await expect(page.getByText('Repair Booked Successfully!')).toBeVisible();
    const description = page.getByText(
      /^Your booking number is REP-\d{9}\. You'll receive an email confirmation shortly\.$/,
    );
    await expect(description).toBeVisible();
    const number = /REP-\d{9}/.exec((await description.textContent()) ?? '')![0];
    const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    await expect(confirmed.getByText(number, { exact: true })).toBeVisible();
    await expect(confirmed).toContainText('An agent has been assigned to pick up your device');

    const tracked = await api.expect<RepairTrackingView>(api.get(`/api/repairs/${number}`));
    expect(tracked).toMatchObject({
      status: 'booked',
      deviceType: 'phone',
      service: { id: 'screen-repair' },
      details: null,
    });
    expect(tracked.agentFirstName).toBeTruthy();

    // Close (focused) resets everything to step 1, and gives the focus back to the button that opened it.
    await page.keyboard.press('Enter');
    await expect(confirmed).toBeHidden();
    await expect(page.getByRole('button', { name: 'Book Now for Screen Repair' })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Book a Repair Now' }), 120);
    await page.keyboard.press('Enter');
    dialog = dialogTitled(page, 1);
    await expect(dialog.getByRole('radio', { name: 'Phone' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Book a Repair Now' })).toBeFocused();
  });

  test('Escape with data asks before discarding the booking', async ({ page }) => {
    await page.goto('/repairs');
    const open = page.getByRole('button', { name: 'Book a Repair Now' });
    await open.click();
    const dialog = dialogTitled(page, 1);
    await dialog.getByText('Tablet').click();
    const questions: string[] = [];
    page.once('dialog', (question) => {
      questions.push(question.message());
      void question.dismiss();
    });
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('radio', { name: 'Tablet' })).toBeChecked();
    expect(questions).toEqual(['Discard this repair booking? The details you entered will be lost.']);
    page.once('dialog', (question) => void question.accept());
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await open.click();
    await expect(dialogTitled(page, 1).getByRole('radio', { name: 'Tablet' })).not.toBeChecked();
  });

  // One slot filled for both stories: a full time is not offered, and a time filled under the customer is refused.
  test('a slot that fills while the customer is on step 6 is refused under Pickup Time and is no longer offered', async ({
    page,
    api,
  }) => {
    const booking = await freeBooking(api, pickupDates(new Date()).at(-2));
    const step6 = await upToPickupStep(page);
    await step6.getByLabel('Pickup Date').selectOption(booking.pickupDate);
    const time = step6.getByLabel('Pickup Time');
    await expect(time.locator('option').filter({ hasText: booking.pickupTime })).toHaveCount(1);
    await time.selectOption(booking.pickupTime);

    // Meanwhile others take every place of that time.
    await fillSlot(api, booking);
    await step6.getByRole('button', { name: 'Submit Booking' }).click();

    await expect(time).toHaveAccessibleDescription(/This pickup time is fully booked\. Please choose another time\./);
    await expect(step6.getByText('This pickup time is fully booked. Please choose another time.')).toBeVisible();
    await expect(time.locator('option').filter({ hasText: booking.pickupTime })).toHaveCount(0);
    await expect(time.locator('option')).not.toHaveCount(1);
    await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toHaveCount(0);

    // Coming back to that date later, the full time is not offered at all.
    const date = step6.getByLabel('Pickup Date');
    await date.selectOption({ index: 1 });
    await date.selectOption(booking.pickupDate);
    await expect(time.locator('option')).not.toHaveCount(1);
    await expect(time.locator('option').filter({ hasText: booking.pickupTime })).toHaveCount(0);
  });

  test('a signed-in customer finds their details filled in and the booking listed in their account', async ({
    page,
    customer,
  }) => {
    await page.goto('/repairs');
    await page.getByRole('button', { name: 'Book a Repair Now' }).click();
    await dialogTitled(page, 1).getByText('Tablet').click();
    await dialogTitled(page, 1).getByRole('button', { name: 'Next' }).click();
    await dialogTitled(page, 2).getByText('Battery Replacement').click();
    await dialogTitled(page, 2).getByRole('button', { name: 'Next' }).click();
    await dialogTitled(page, 3).getByText('2 weeks').click();
    await dialogTitled(page, 3).getByRole('button', { name: 'Next' }).click();
    await dialogTitled(page, 4).getByRole('button', { name: 'Next' }).click();
    const step5 = dialogTitled(page, 5);
    await expect(step5.getByLabel('Full Name')).toHaveValue('Ayanda Zulu');
    await expect(step5.getByLabel('Phone')).toHaveValue(customer.phone);
    await expect(step5.getByLabel('Email')).toHaveValue(customer.email);
    await expect(step5.getByLabel('Pickup Address')).toHaveValue('Durban, KwaZulu-Natal, 4001');
    await step5.getByRole('button', { name: 'Next' }).click();
    const step6 = dialogTitled(page, 6);
    await chooseFreePickup(step6);
    await step6.getByRole('button', { name: 'Submit Booking' }).click();
    const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    const number = (await confirmed.getByText(/^REP-\d{9}$/).textContent())!;
    await confirmed.getByRole('button', { name: 'Close' }).first().click();

    await page.goto('/account');
    await page.getByRole('tab', { name: 'Repairs' }).click();
    const row = page.getByRole('listitem').filter({ hasText: number });
    await expect(row).toContainText('Battery Replacement');
    await expect(row).toContainText('Booked');
    await expect(row.getByRole('link', { name: number })).toHaveAttribute('href', `/track?number=${number}`);

    // Plans change: the booking is cancelled from the account, after an 'are you sure'.
    await row.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel booking ${number}?` });
    await expect(confirm).toContainText('the time is freed for someone else');
    await confirm.getByRole('button', { name: 'Keep Booking' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByRole('button', { name: 'Cancel booking' })).toBeFocused();
    await row.getByRole('button', { name: 'Cancel booking' }).click();
    await confirm.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Booking cancelled. Nobody will come to collect your device.')).toBeVisible();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  });
});
