import { z } from 'zod';
import type { DeviceCondition, DeviceType } from './catalog';
import { deviceFields } from './inventory';
import { plainText } from './text-fields';

/*
 * A paid trade-in becoming stock (the admin's "List for sale"), and where each unit of stock came from
 * (docs/decisions/090): the words both sides use, the form's schema, and the reply shapes.
 */

/** Where a unit of stock came from: bought from a seller through a trade-in, or added by the admin's hand. */
export const UNIT_SOURCES = ['trade-in', 'by-hand'] as const;
export type UnitSource = (typeof UNIT_SOURCES)[number];

/**
 * The suggested price of a bought device with nothing like it in the catalog: what the seller was paid
 * plus this share, rounded up to the next 10 (a refurbisher's usual mark-up on a graded second-hand unit).
 */
export const LISTING_MARGIN_PERCENT = 35;

export const priceWithMargin = (paid: number) => Math.ceil((paid * (100 + LISTING_MARGIN_PERCENT)) / 100 / 10) * 10;

/** The seller's condition (the sell form's four) as the store's grades: 'poor' is sold as Fair once checked. */
export const GRADE_OF_SELL_CONDITION: Record<string, DeviceCondition> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Fair',
};

/**
 * What the device page says of where a unit came from: a town a shopper may read, never the seller's
 * name, address or the price paid.
 */
export function provenanceWords(source: UnitSource, town: string | null): string {
  if (source === 'by-hand') return 'Sourced by our team and checked by our technician';
  return town
    ? `Bought from a customer in ${town} and checked by our technician`
    : 'Bought from a customer and checked by our technician';
}

/**
 * The town a seller's address names, as the listing form first offers it: the last part of the address (by
 * line or comma) with letters and no digits ('12 Long Street, Cape Town, 8001' gives 'Cape Town'). The
 * admin checks it before it is shown to anyone.
 */
export function townOf(address: string): string | null {
  const parts = address
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => /\p{L}/u.test(part) && !/\d/.test(part));
  return parts.at(-1)?.slice(0, 60) ?? null;
}

/**
 * POST /api/admin/trade-ins/:number/list: the device form of a paid trade-in. One unit, whatever the form
 * holds (the store bought one device); its cost is what the seller was paid, never sent.
 */
export const listTradeInSchema = z
  .object({
    brand: deviceFields.brand,
    model: deviceFields.model,
    type: deviceFields.type,
    condition: deviceFields.condition,
    storage: deviceFields.storage.default(''),
    ram: deviceFields.ram,
    price: deviceFields.price,
    originalPrice: deviceFields.originalPrice,
    description: deviceFields.description,
    displaySize: deviceFields.displaySize,
    batteryHealth: deviceFields.batteryHealth,
    /** The town the device page names ('Bought from a customer in Cape Town'); empty names none. */
    sellerTown: plainText('Town shown to shoppers', 60, { error: 'Town shown to shoppers must be text' })
      .nullish()
      .transform((value) => value || null),
    imageIds: deviceFields.imageIds.default([]),
    /** Seller's photos the admin chose (their positions): copied to the storefront, re-encoded without EXIF. */
    photoPositions: z
      .array(z.number().int().min(0), { error: 'Photos must be a list' })
      .max(5, 'At most 5 photos')
      .default([]),
    defaultImageIndex: deviceFields.defaultImageIndex.default(0),
  })
  .refine((form) => form.defaultImageIndex < Math.max(1, form.imageIds.length + form.photoPositions.length), {
    path: ['defaultImageIndex'],
    message: 'The default image must be one of the images',
  });
export type ListTradeInForm = z.input<typeof listTradeInSchema>;
export type ListTradeInInput = z.output<typeof listTradeInSchema>;

/** GET /api/admin/trade-ins/:number/listing: the form prefilled from a paid trade-in, and the suggested price. */
export interface ListingDraft {
  transactionNumber: string;
  /** What the store paid the seller: the unit's cost. */
  paidAmount: number;
  form: ListTradeInForm & { type: DeviceType; price: number };
  suggestedPrice: number;
  /** 'catalog': the median price of the same model and grade listed now; 'margin': the payout plus LISTING_MARGIN_PERCENT. */
  priceSource: 'catalog' | 'margin';
  /** The seller's photos to pick from (staff-only URLs). */
  photos: Array<{ position: number; url: string }>;
}

/** The reply of a listing: the device (new, or the identical listing a unit was added to). */
export interface ListTradeInReply {
  message: string;
  deviceId: string;
  addedToExisting: boolean;
}

export const LISTING_MESSAGES = {
  listed: 'Listed for sale',
  addedUnit: 'Added as one more unit of an identical listing',
  listFor: 'List for sale',
} as const;
