import { z } from 'zod';
import { SELL_BRANDS, SELL_CONDITIONS, SELL_DEVICE_TYPES, SELL_STORAGE, ramOptions } from './sell-devices';
import { normaliseSaPhone } from './phones';
import { optionalMultiline, optionalText, required, requiredMultiline } from './text-fields';
import type { AnySaleStatus } from './trade-in-statuses';

// The sell form (spec 001 sections 2 and 5), parsed by POST /api/trade-ins and by the /sell page.

export const SELL_MESSAGES = {
  typeRequired: 'Choose a device type',
  modelRequired: 'Model is required',
  nameRequired: 'Full name is required',
  addressRequired: 'Address is required',
  phoneRequired: 'Contact phone is required',
  phoneInvalid: 'Enter a South African phone number, like 082 555 0199',
  emailRequired: 'Contact email is required',
  emailInvalid: 'Enter a valid email address',
  ownerRequired: 'Confirm that you are the owner of this device',
  brandInvalid: 'Choose a brand from the list',
  storageInvalid: 'Choose a storage size from the list',
  ramInvalid: 'Choose a RAM size from the list',
  conditionInvalid: 'Choose a condition from the list',
  imeiInvalid: 'This IMEI is not valid: check its 15 digits',
  serialInvalid: 'Enter the 15-digit IMEI or the serial number (letters and digits)',
  tooManyPhotos: 'Add at most 5 photos',
  photoInvalid: 'Each photo must be a JPEG, PNG or WebP image',
  success: 'Submission Successful!',
  notFound: 'Transaction Not Found',
  notFoundDetail: 'No transaction found with this number.',
} as const;

export const MAX_SELL_PHOTOS = 5;
/** A photo as the form sends it: a data URL of a JPEG, PNG or WebP (the page shrinks it first). */
const PHOTO_DATA_URL = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/;
/** Each photo is at most this many bytes of data URL (about 3.7 MB of image). */
export const MAX_PHOTO_DATA_URL_LENGTH = 5_000_000;

/**
 * Up to `max` photos as data URLs of a JPEG, PNG or WebP (the page shrinks each first): the sell
 * form's rules, which every form taking photos from a customer shares (a return's photos too).
 */
export const photoList = (max: number, tooMany: string) =>
  z
    .array(
      z
        .string()
        .max(MAX_PHOTO_DATA_URL_LENGTH, SELL_MESSAGES.photoInvalid)
        .regex(PHOTO_DATA_URL, SELL_MESSAGES.photoInvalid),
    )
    .max(max, tooMany)
    .optional()
    .default([]);

/** True when the digits end in a correct Luhn check digit (IMEIs, card numbers). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const saPhoneField = z
  .string({ error: SELL_MESSAGES.phoneRequired })
  .trim()
  .min(1, SELL_MESSAGES.phoneRequired)
  .max(30, SELL_MESSAGES.phoneInvalid)
  .refine((value) => normaliseSaPhone(value) !== null, SELL_MESSAGES.phoneInvalid)
  .transform((value) => normaliseSaPhone(value)!);

/** '' when not given; an IMEI (15 digits, Luhn) or a serial number otherwise, spaces and dashes dropped. */
const imeiField = z
  .string()
  .trim()
  .max(40, SELL_MESSAGES.serialInvalid)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (/^\d+$/.test(value) && value.length >= 14 && value.length <= 16) {
      if (value.length !== 15 || !luhnValid(value))
        ctx.addIssue({ code: 'custom', message: SELL_MESSAGES.imeiInvalid });
    } else if (!/^[A-Z0-9]{5,30}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: SELL_MESSAGES.serialInvalid });
    }
  });

const conditionValues = SELL_CONDITIONS.map((c) => c.value) as ['excellent', 'good', 'fair', 'poor'];

export const sellFormSchema = z
  .object({
    deviceType: z.enum(SELL_DEVICE_TYPES, { error: SELL_MESSAGES.typeRequired }),
    brand: optionalText('Brand', 40),
    model: required('Model', 120, SELL_MESSAGES.modelRequired),
    condition: z.union([z.enum(conditionValues), z.literal('')], { error: SELL_MESSAGES.conditionInvalid }).default(''),
    storage: optionalText('Storage', 20),
    ram: optionalText('RAM', 20),
    color: optionalText('Color', 40),
    accessories: optionalText('Accessories', 300),
    description: optionalMultiline('Description', 2000),
    // The spec's Transaction carries the seller's name: staff and the payout sheet address them by it.
    customerName: required('Full name', 120, SELL_MESSAGES.nameRequired),
    address: requiredMultiline('Address', 300, SELL_MESSAGES.addressRequired),
    contactPhone: saPhoneField,
    contactEmail: z
      .string({ error: SELL_MESSAGES.emailRequired })
      .trim()
      .min(1, SELL_MESSAGES.emailRequired)
      .max(254, SELL_MESSAGES.emailInvalid)
      .pipe(z.email(SELL_MESSAGES.emailInvalid)),
    isOwner: z.literal(true, { error: SELL_MESSAGES.ownerRequired }),
    imei: imeiField.optional().default(''),
    photos: photoList(MAX_SELL_PHOTOS, SELL_MESSAGES.tooManyPhotos),
  })
  .superRefine((form, ctx) => {
    // The lists follow the type (section 9); a value from another type's list is refused.
    const fits = (value: string, list: readonly string[]) => value === '' || list.includes(value);
    if (!fits(form.brand, SELL_BRANDS[form.deviceType])) {
      ctx.addIssue({ code: 'custom', path: ['brand'], message: SELL_MESSAGES.brandInvalid });
    }
    if (!fits(form.storage, SELL_STORAGE[form.deviceType])) {
      ctx.addIssue({ code: 'custom', path: ['storage'], message: SELL_MESSAGES.storageInvalid });
    }
    if (!fits(form.ram, ramOptions(form.deviceType))) {
      ctx.addIssue({ code: 'custom', path: ['ram'], message: SELL_MESSAGES.ramInvalid });
    }
  });
export type SellFormInput = z.input<typeof sellFormSchema>;
export type SellForm = z.output<typeof sellFormSchema>;

export interface SellReply {
  transactionNumber: string;
  status: AnySaleStatus;
  estimatedValue: number;
}
