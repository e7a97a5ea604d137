import { z } from 'zod';
import { emailField } from './accounts';
import {
  FINANCIAL_RECORD_YEARS,
  PAYOUT_ACCOUNT_MASK_DAYS,
  SELLER_LINK_GRACE_DAYS,
  SELLER_PHOTO_DAYS,
} from './retention';
import { required } from './text-fields';

/*
 * A person's data under POPIA (docs/decisions/076): what the store holds about someone, their copy of it, and its
 * erasure, for a customer on their account page, a guest by the link emailed to their order's address, and the
 * admin acting on a request received by email. The words here are said the same on the page, in the dialog, in
 * the email and in the downloaded file.
 */

/** What an erasure removes. */
export const ERASED = [
  'Your account: name, email address, phone number, ID number, address and password, and your profile picture',
  'Your saved payout details and card details',
  'Every session: you are signed out everywhere',
  'The emails we sent you, and the messages you sent us',
  'Your name, email address, phone number and addresses on every order, trade-in, repair and return request',
  "The photos of devices you sold us (unless the device is now listed in our shop), and the devices' IMEI numbers",
  'The photos you sent with a return or warranty request',
] as const;

/** What the law makes the store keep, without the person's name or contact details. */
export const KEPT = [
  `Orders, payments and refunds, and the trade-ins we paid you for, for ${FINANCIAL_RECORD_YEARS} years from the sale: the law requires us to keep these accounting records. They keep the amounts, dates and devices, and the bank and last four digits of a payout account; your name and contact details are replaced`,
  'Repairs, without your name, contact details or what you wrote: what was repaired and when',
  'Return and warranty requests, without your name, contact details, address or what you wrote: what was sent back, when, and how it was resolved',
  'Our audit log of what our staff did, which refers to your account by a number and cannot be changed',
] as const;

/** The retention the privacy page states (the daily purges keep to it). */
export const RETENTION_LINES = [
  `Payout bank account numbers are cut to their last four digits ${PAYOUT_ACCOUNT_MASK_DAYS} days after we pay you.`,
  `Photos of a device you sold us are deleted ${SELLER_PHOTO_DAYS} days after the trade-in closes, unless the device is listed in our shop.`,
  `Expired sessions, used or expired links and rate-limit counters are deleted every day; a seller's trade-in link, ${SELLER_LINK_GRACE_DAYS} days after it expired.`,
  `Orders, payments and payouts are kept for ${FINANCIAL_RECORD_YEARS} years, as the law requires.`,
] as const;

export const PRIVACY_MESSAGES = {
  deleted: 'Your account has been deleted. We have emailed you a confirmation.',
  guestErased: 'Your details have been erased. We have emailed you a confirmation.',
  erasedByAdmin: (email: string) => `The data held for ${email} has been erased, and a confirmation emailed.`,
  confirmRequired: 'Tick the box to confirm you understand what is erased and what is kept',
  linkSent: 'We have emailed a link to the address on this order. It works for 24 hours.',
  linkInvalid: 'This link is not valid or has expired: ask for a new one from your order page',
  hasAccount: 'This email address has an account: sign in and use My Account > Privacy to download or delete your data',
  inProgress: (items: string[]) =>
    `These are still under way: ${items.join(', ')}. The data can be deleted once they are finished (cancel a repair not yet picked up from the Repairs tab, or a return request not yet collected from its page), or contact us.`,
  nothingHeld: 'We hold nothing under this email address',
} as const;

/** How long the guest's emailed link to their data works. */
export const PRIVACY_LINK_HOURS = 24;

/** POST /api/account/data-export: the customer's copy; the password again, as it is everything about them. */
export const dataExportSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
});
export type DataExportInput = z.input<typeof dataExportSchema>;

/** POST /api/account/delete: the password again, and the box saying they read what is erased and kept. */
export const deleteAccountSchema = dataExportSchema.extend({
  understood: z.literal(true, { error: PRIVACY_MESSAGES.confirmRequired }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** The admin's lookup of a request received by email. */
export const privacyLookupSchema = z.object({ email: emailField });

/** The admin's copy or erasure for a request: whose, and the request it answers (its email's date or subject). */
export const adminPrivacyActionSchema = z.object({
  email: emailField,
  request: required('Request reference', 200),
});
export type AdminPrivacyActionInput = z.input<typeof adminPrivacyActionSchema>;

/** The admin's erasure: the email typed a second time, so the wrong person is never erased by a slip. */
export const adminEraseSchema = adminPrivacyActionSchema
  .extend({ confirmEmail: z.string({ error: 'Type the email address again' }).trim() })
  .refine((form) => form.email.trim().toLowerCase() === form.confirmEmail.toLowerCase(), {
    path: ['confirmEmail'],
    message: 'The email addresses do not match',
  });
export type AdminEraseInput = z.input<typeof adminEraseSchema>;

/** The guest's page (opened from the emailed link): the token, and for erasure the box. */
export const privacyTokenSchema = z.object({ token: z.string().min(1, PRIVACY_MESSAGES.linkInvalid).max(200) });
export const guestEraseSchema = privacyTokenSchema.extend({
  understood: z.literal(true, { error: PRIVACY_MESSAGES.confirmRequired }),
});
export type GuestEraseInput = z.input<typeof guestEraseSchema>;

/** What the store holds under an email address, counted (the admin's lookup, the guest's page). */
export interface PersonalDataSummary {
  email: string;
  account: { name: string; createdAt: string } | null;
  counts: { orders: number; tradeIns: number; repairs: number; returns: number; emails: number; messages: number };
  /** Records not finished, which stop an erasure (their numbers). */
  inProgress: string[];
}

/**
 * Whose data: an account (its id, and its email) or a guest (an email alone). Records match by the account's id
 * or by the email, in any case: the address's owner was sent each of them at that address.
 */
export interface PersonalDataHolder {
  customerId: string | null;
  email: string;
}

/** What replaces a name and an email on the records the law keeps. */
export const ERASED_NAME = 'Erased';
export const ERASED_EMAIL = 'erased@erased.invalid';

/** A trade-in's or repair's contact columns as an erasure leaves them (one address line, no account). */
export const ERASED_CONTACT = {
  customerId: null,
  customerName: ERASED_NAME,
  customerEmail: ERASED_EMAIL,
  customerPhone: '',
  address: '',
} as const;
