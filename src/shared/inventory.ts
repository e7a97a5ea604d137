import { z } from 'zod';
import { DEVICE_CONDITIONS, DEVICE_TYPES, MAX_DEVICE_IMAGES } from './catalog';
import { plainText, required } from './text-fields';
import { optionList } from './options';

// The admin's device forms (spec 001 sections 2, 3 and 5 'Device forms'). Kept apart from
// catalog.ts, as the query schemas are, so storefront pages reading catalog constants do not ship zod.

/** An empty box reaches here as nothing at all: it says the number is required, not that it is no whole number. */
const wholeNumber = (label: string) =>
  z
    .number({
      error: (issue) => (issue.input == null ? `${label} is required` : `${label} must be a whole number`),
    })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be below 0`);

/** Empty text becomes null (spec 000: 'empty ram and description become null'). */
const optionalText = (label: string, max: number, { multiline = false } = {}) =>
  plainText(label, max, { multiline, error: `${label} must be text` })
    .nullish()
    .transform((value) => (value ? value : null));

/** Every field a device form sends; the name is built from brand and model, never sent. */
export const deviceFields = {
  brand: required('Brand', 60),
  model: required('Model', 120),
  type: z.enum(DEVICE_TYPES, { error: 'Choose a device type' }),
  condition: z.enum(DEVICE_CONDITIONS, { error: 'Choose a condition: Excellent, Good or Fair' }),
  storage: plainText('Storage', 40, { error: 'Storage must be text' }),
  ram: optionalText('RAM', 40),
  price: wholeNumber('Price'),
  originalPrice: wholeNumber('Original price')
    .nullish()
    .transform((value) => value ?? null),
  quantity: wholeNumber('Quantity'),
  /** The admin's In Stock / Out of Stock switch: out of stock is off sale, its quantity kept (decision 048). */
  inStock: z.boolean({ error: 'Choose In Stock or Out of Stock' }),
  description: optionalText('Description', 4000, { multiline: true }),
  displaySize: optionalText('Display size', 40),
  batteryHealth: z
    .number({ error: 'Battery health must be a whole number from 0 to 100' })
    .int('Battery health must be a whole number from 0 to 100')
    .min(0, 'Battery health must be a whole number from 0 to 100')
    .max(100, 'Battery health must be a whole number from 0 to 100')
    .nullish()
    .transform((value) => value ?? null),
  /** Images already uploaded (their ids), in display order. */
  imageIds: z
    .array(z.uuid({ error: 'Unknown image' }), { error: 'Images must be a list' })
    .max(MAX_DEVICE_IMAGES, `At most ${MAX_DEVICE_IMAGES} images`),
  defaultImageIndex: wholeNumber('Default image'),
  /**
   * What each unit added by hand cost the store (optional): the Reports tab's cost of goods sold. Never shown to
   * shoppers; a unit bought from a trade-in costs what its seller was paid instead.
   */
  unitCost: wholeNumber('Cost per unit')
    .nullish()
    .transform((value) => value ?? null),
};

export const DEFAULT_IMAGE_MESSAGE = 'The default image must be one of the images';

/** POST /api/admin/devices: the Add Device dialog. */
export const deviceInputSchema = z
  .object({
    ...deviceFields,
    storage: deviceFields.storage.default(''),
    // A device is created in stock (spec 001 section 5): 0 becomes 1 here; Edit keeps 0 (decision 024).
    quantity: deviceFields.quantity.default(1).transform((quantity) => quantity || 1),
    inStock: deviceFields.inStock.default(true),
    imageIds: deviceFields.imageIds.default([]),
    defaultImageIndex: deviceFields.defaultImageIndex.default(0),
  })
  .refine((device) => device.defaultImageIndex < Math.max(1, device.imageIds.length), {
    path: ['defaultImageIndex'],
    message: DEFAULT_IMAGE_MESSAGE,
  });
/** The body a device form sends. */
export type DeviceForm = z.input<typeof deviceInputSchema>;
export type DeviceInput = z.output<typeof deviceInputSchema>;

/** PATCH /api/admin/devices/:id: the Edit dialog sends only the fields it changes. */
export const deviceUpdateSchema = z
  .object(deviceFields)
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Send at least one field to change' });
export type DeviceUpdate = z.output<typeof deviceUpdateSchema>;

/** The admin's device toasts (spec 000 section 8). */
export const DEVICE_MESSAGES = {
  loadFailed: 'Failed to load devices',
  added: 'Device added successfully!',
  addFailed: 'Failed to add device',
  updated: 'Device updated successfully!',
  updateFailed: 'Failed to update device',
  deleted: 'Device deleted successfully!',
  deleteFailed: 'Failed to delete device',
  deleteQuestion: 'Are you sure you want to delete this device?',
  /** The Devices tab's per-card switch. */
  nowInStock: (name: string) => `${name} is In Stock and back on sale`,
  nowOutOfStock: (name: string) => `${name} is Out of Stock: off sale, its quantity kept`,
} as const;

/** The Devices tab's stock filter (?status=). */
export const INVENTORY_STOCK_FILTERS = optionList({
  in_stock: 'In Stock',
  out_of_stock: 'Out of Stock',
});

/** The default stock images the device forms offer (spec 001 section 9: laptop, phone and TV). */
export const STOCK_IMAGE_TYPES = [
  { type: 'laptop', label: 'Laptop' },
  { type: 'phone', label: 'Phone' },
  { type: 'tv', label: 'TV' },
] as const;

/** GET /api/admin/stock-images */
export interface StockImagesReply {
  items: Array<{ type: string; label: string; id: string; url: string }>;
}
