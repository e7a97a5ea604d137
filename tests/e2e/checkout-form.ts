import { expect, type Page } from '@playwright/test';
import { ORDER_CUSTOMER, SANDBOX_SUCCESS_CARD } from './fixtures';

/**
 * The checkout's details step as a shopper fills it: the required fields (names, email, the shipping street and
 * city); with `everything`, the optional phone, province and postal code too.
 */
export async function fillCheckoutDetails(page: Page, { everything = false } = {}) {
  const { firstName, lastName, email, shippingAddress } = ORDER_CUSTOMER;
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Street Address', exact: true }).fill(shippingAddress.street);
  await page.getByRole('textbox', { name: 'City', exact: true }).fill(shippingAddress.city);
  if (!everything) return;
  await page.getByLabel('Phone').fill('+27 82 000 0000');
  await page.getByLabel('State/Province', { exact: true }).fill(shippingAddress.state);
  await page.getByLabel('Postal Code', { exact: true }).fill(shippingAddress.zipCode);
}

/** Pays in the open sandbox widget with `card` (the sandbox's success card unless told) and a card's `expiry`. */
export async function payInWidget(page: Page, { card = SANDBOX_SUCCESS_CARD, expiry = '12/30' } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Card number').fill(card);
  await dialog.getByLabel('Expiry (MM/YY)').fill(expiry);
  await dialog.getByLabel('CVV').fill('408');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  return dialog;
}
