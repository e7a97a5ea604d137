import { z } from 'zod';
import { BANKS } from './accounts';
import { pagingQuery } from './paging';
import type { RepairTrackingView } from './repairs';
import { optionalMultiline, optionalText, plainText, required, requiredMultiline } from './text-fields';

/** Sale transaction statuses in order (spec 001 section 4). */
export const SALE_STATUSES = [
  'Awaiting Confirmation',
  'Confirmed',
  'Assigned to Agent',
  'Device Assessed',
  'Awaiting Offer',
  'Offer Made',
  'Awaiting Payment',
  'Paid',
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** Statuses a customer's answer to an offer leads to (the spec leaves them unshown; we add them). */
export const SALE_END_STATUSES = ['Offer Declined'] as const;
export const ALL_SALE_STATUSES = [...SALE_STATUSES, ...SALE_END_STATUSES] as const;
export type AnySaleStatus = (typeof ALL_SALE_STATUSES)[number];

export const STATUS_DESCRIPTIONS: Partial<Record<AnySaleStatus, string>> = {
  'Awaiting Confirmation': 'Device details submitted for review',
  Confirmed: 'Submission confirmed by our team',
  'Assigned to Agent': 'An agent has been assigned to assess your device',
  'Device Assessed': 'Device assessment completed',
  'Awaiting Offer': 'Preparing your offer',
  'Offer Made': 'Offer submitted and awaiting customer response',
  'Awaiting Payment': 'Offer accepted, payment is being processed',
  Paid: 'Payment sent to your account',
  'Offer Declined': 'Offer declined by the customer',
};
export const UNKNOWN_STATUS_DESCRIPTION = 'Status updated';

export const SELL_DEVICE_TYPES = ['phone', 'laptop', 'tablet', 'tv'] as const;
export type SellDeviceType = (typeof SELL_DEVICE_TYPES)[number];

export const SELL_BRANDS: Record<SellDeviceType, readonly string[]> = {
  phone: ['Apple', 'Samsung', 'Huawei', 'Xiaomi', 'Oppo'],
  laptop: ['Apple', 'Dell', 'HP', 'Lenovo', 'Asus'],
  tablet: ['Apple', 'Samsung', 'Huawei', 'Lenovo', 'Microsoft'],
  tv: ['Samsung', 'LG', 'Sony', 'Hisense', 'TCL'],
};

export const SELL_CONDITIONS = [
  { value: 'excellent', label: 'Excellent', hint: 'Like new' },
  { value: 'good', label: 'Good', hint: 'Minor wear' },
  { value: 'fair', label: 'Fair', hint: 'Visible wear' },
  { value: 'poor', label: 'Poor', hint: 'Significant damage' },
] as const;

export const SELL_STORAGE: Record<SellDeviceType, readonly string[]> = {
  phone: ['64GB', '128GB', '256GB', '512GB', '1TB'],
  laptop: ['256GB', '512GB', '1TB', '2TB SSD'],
  tablet: ['32GB', '64GB', '128GB', '256GB', '512GB', '1TB'],
  tv: ['N/A'],
};

export const SELL_RAM: Record<Exclude<SellDeviceType, 'tv'>, readonly string[]> = {
  phone: ['4GB', '6GB', '8GB', '12GB', '16GB'],
  tablet: ['3GB', '4GB', '6GB', '8GB', '12GB', '16GB'],
  laptop: ['8GB', '16GB', '32GB', '64GB'],
};

/** Placeholder quote range of the spec (001 section 9). */
export const ESTIMATE_RANGE = { min: 2000, max: 16999 } as const;

/** TXN + timestamp in ms + 0-999. */
export const TRANSACTION_NUMBER_PATTERN = /^TXN\d{13}\d{1,3}$/;

// ---------------------------------------------------------------------------------------------
// The sell form (spec 001 sections 2 and 5), parsed by POST /api/trade-ins and by the /sell page.
// ---------------------------------------------------------------------------------------------

export const SELL_MESSAGES = {
  typeRequired: 'Choose a device type',
  modelRequired: 'Model is required',
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
export const PHOTO_DATA_URL = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/;
/** Each photo is at most this many bytes of data URL (about 3.7 MB of image). */
export const MAX_PHOTO_DATA_URL_LENGTH = 5_000_000;

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

/**
 * A South African number in any usual form ('082 555 0199', '+27 82 555 0199', '0825550199',
 * '(082) 555-0199') as '+27 82 555 0199', or null when it is not one: ten digits from a leading 0,
 * or +27 / 27 and nine digits, the first of them 1-8.
 */
export function normaliseSaPhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  const match = /^(?:\+27|27|0)([1-8]\d{8})$/.exec(compact);
  if (!match) return null;
  const d = match[1]!;
  return `+27 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)}`;
}

export const saPhoneField = z
  .string({ error: SELL_MESSAGES.phoneRequired })
  .trim()
  .min(1, SELL_MESSAGES.phoneRequired)
  .max(30, SELL_MESSAGES.phoneInvalid)
  .refine((value) => normaliseSaPhone(value) !== null, SELL_MESSAGES.phoneInvalid)
  .transform((value) => normaliseSaPhone(value)!);

/** '' when not given; an IMEI (15 digits, Luhn) or a serial number otherwise, spaces and dashes dropped. */
export const imeiField = z
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
export type SellCondition = (typeof conditionValues)[number];

/** RAM sizes for a type (none for a TV). */
export function ramOptions(type: SellDeviceType | ''): readonly string[] {
  return type === '' || type === 'tv' ? [] : SELL_RAM[type];
}

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
    photos: z
      .array(
        z
          .string()
          .max(MAX_PHOTO_DATA_URL_LENGTH, SELL_MESSAGES.photoInvalid)
          .regex(PHOTO_DATA_URL, SELL_MESSAGES.photoInvalid),
      )
      .max(MAX_SELL_PHOTOS, SELL_MESSAGES.tooManyPhotos)
      .optional()
      .default([]),
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

// ---------------------------------------------------------------------------------------------
// The moves of a trade-in, who makes them and from where (decision 022).
// ---------------------------------------------------------------------------------------------

export const TRADE_IN_MOVES = {
  confirm: { from: ['Awaiting Confirmation'], to: 'Confirmed', refusal: 'it can only be confirmed from' },
  assign: {
    from: ['Confirmed', 'Assigned to Agent'],
    to: 'Assigned to Agent',
    refusal: 'an agent can only be assigned from',
  },
  // Assessing records 'Device Assessed' in the history and rests in 'Awaiting Offer'.
  assess: { from: ['Assigned to Agent'], to: 'Awaiting Offer', refusal: 'it can only be marked as assessed from' },
  offer: { from: ['Assigned to Agent', 'Awaiting Offer'], to: 'Offer Made', refusal: 'an offer can only be made from' },
  accept: { from: ['Offer Made'], to: 'Awaiting Payment', refusal: 'an offer can only be accepted from' },
  decline: { from: ['Offer Made'], to: 'Offer Declined', refusal: 'an offer can only be declined from' },
  markPaid: { from: ['Awaiting Payment'], to: 'Paid', refusal: 'it can only be marked paid from' },
} as const satisfies Record<string, { from: readonly AnySaleStatus[]; to: AnySaleStatus; refusal: string }>;
export type TradeInMove = keyof typeof TRADE_IN_MOVES;

/** "This trade-in is Offer Made; an offer can only be made from Assigned to Agent or Awaiting Offer" */
export function moveRefusal(move: TradeInMove, status: string): string {
  const { from, refusal } = TRADE_IN_MOVES[move];
  const list = from.length > 1 ? `${from.slice(0, -1).join(', ')} or ${from[from.length - 1]}` : from[0];
  return `This trade-in is ${status}; ${refusal} ${list}`;
}

export function statusDescription(status: string): string {
  return STATUS_DESCRIPTIONS[status as AnySaleStatus] ?? UNKNOWN_STATUS_DESCRIPTION;
}

export const OFFER_MESSAGES = {
  noSavedAccount: 'No bank account is saved in your account: enter the account number',
  savedAccountOwnerOnly: 'Sign in as the seller to use the bank account saved in your account',
  savedAccountOtherBank: (bank: string) =>
    `Your saved account is with ${bank}: choose ${bank}, or enter the account number`,
  accepted: 'Offer accepted. We will pay the amount into your bank account within 24 hours of approval.',
  declined: 'Offer declined. Your device will be returned to you.',
  payoutChanged: (bank: string, lastFour: string) =>
    `Payout account changed. We will pay into your ${bank} account ending ${lastFour}.`,
  assessed: 'Device marked as assessed',
  offerMade: (amount: number) => `Offer of R${amount} submitted successfully`,
} as const;

/**
 * Owning a trade-in is proved by the newest link we emailed to its contact address or by the owner's
 * session, never by an email address typed in (decision 039). The link lasts this long.
 */
export const OFFER_LINK_DAYS = 14;
/** The statuses in which a link is of use: answering the offer, then changing where it is paid. */
export const LINK_STATUSES = ['Offer Made', 'Awaiting Payment'] as const satisfies readonly AnySaleStatus[];
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** The history entry of a payout account changed while the payment waits. */
export const PAYOUT_CHANGED_HISTORY = 'Payout account changed by the customer';

/** "This trade-in is Paid; the payout account can only be changed while Awaiting Payment" */
export const payoutChangeRefusal = (status: string) =>
  `This trade-in is ${status}; the payout account can only be changed while Awaiting Payment`;

export const LINK_MESSAGES = {
  required:
    'This needs the link from the email we sent you about this trade-in, or sign in as the seller. Lost the email? We can send you a new link.',
  invalid: 'This link is no longer valid: use the newest link we emailed you, or ask for a new link.',
  expired: 'This link has expired: ask for a new link and we will email it to you.',
  /** The one answer to 'email me a new link', whatever the number or its state. */
  sent: 'If this transaction is waiting for your answer or your payout, we have emailed a new link to the contact email given with it. Only the newest link works.',
} as const;

/** The proof a request may carry besides the session: the token of the emailed link. */
const linkProof = { token: z.string().trim().max(200).optional().default('') };

const ACCOUNT_NUMBER_MESSAGES = {
  required: 'Account number is required',
  invalid: 'Enter the account number: 6 to 16 digits',
};

/** Where the payout goes: given when accepting, and again to change it while the payment waits. */
export const payoutAccountSchema = z
  .object({
    ...linkProof,
    accountHolder: required('Account holder', 120),
    bankName: z.enum(BANKS, { error: 'Choose a bank from the list' }),
    /** Not needed when `useSavedAccount`: the server takes the number saved in the account. */
    accountNumber: z
      .string({ error: ACCOUNT_NUMBER_MESSAGES.required })
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .optional()
      .default(''),
    branchCode: z
      .string({ error: 'Branch code is required' })
      .trim()
      .min(1, 'Branch code is required')
      .regex(/^\d{6}$/, 'Enter the 6-digit branch code'),
    /** The signed-in seller pays into the bank account saved in their account (its number is never sent back whole). */
    useSavedAccount: z.boolean().optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.useSavedAccount) return;
    if (!value.accountNumber) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: ACCOUNT_NUMBER_MESSAGES.required });
    } else if (!/^\d{6,16}$/.test(value.accountNumber)) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: ACCOUNT_NUMBER_MESSAGES.invalid });
    }
  });
export type PayoutAccountInput = z.input<typeof payoutAccountSchema>;

export const declineOfferSchema = z.object({
  ...linkProof,
  reason: optionalMultiline('Reason', 500),
});
export type DeclineOfferInput = z.input<typeof declineOfferSchema>;

// Staff payloads
export const assignAgentSchema = z.object({ agentId: z.uuid('Choose an agent') });
/** An offer's amount is whole rand above 0; an empty box reads as missing, not as 0. */
export const makeOfferSchema = z.object({
  amount: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: 'Offer amount is required' })
      .int('Offer amount must be a whole number of rand')
      .positive('Offer amount must be greater than 0')
      .max(1_000_000, 'Offer amount is at most R1,000,000'),
  ),
  notes: plainText('Notes', 2000, { multiline: true }).optional().default(''),
});
export type MakeOfferInput = z.input<typeof makeOfferSchema>;
export const markPaidSchema = z.object({
  payoutReference: required('Payout reference', 100),
});

export const tradeInListQuerySchema = z.object({
  ...pagingQuery({ defaultSize: 20, maxSize: 100 }),
  status: z.enum(ALL_SALE_STATUSES, { error: 'Choose a status from the list' }).optional(),
  q: optionalText('Search', 100),
});
/** GET /api/agent/trade-ins: the agent's own list, paged and by status (no search: decision 031). */
export const agentTradeInQuerySchema = tradeInListQuerySchema.pick({ page: true, pageSize: true, status: true });

// ---------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------

export interface HistoryEntry {
  status: string;
  date: string;
  description: string;
}

/** The device as its seller described it, in every view of a trade-in. */
export interface TradeInDevice {
  deviceType: SellDeviceType;
  brand: string;
  model: string;
  storage: string | null;
  ram: string | null;
  color: string | null;
  condition: string;
}

/** A trade-in as the track page shows it: personal data masked unless the signed-in owner looks. */
export interface TrackedTradeIn extends TradeInDevice {
  transactionNumber: string;
  status: AnySaleStatus;
  estimatedValue: number;
  offeredAmount: number | null;
  assessmentNotes: string | null;
  submittedDate: string;
  contactEmail: string;
  contactPhone: string;
  /** The signed-in customer is the one who submitted it: their session proves it without the emailed link. */
  viewerIsOwner: boolean;
  statusHistory: HistoryEntry[];
}

export interface TrackedOrder {
  orderNumber: string;
  status: string;
  createdAt: string;
  statusHistory: { status: string; date: string }[];
  /** For a holder of the order's link, its signed-in customer and the admin; null for anyone else. */
  details: {
    itemCount: number;
    totalAmount: number;
    currency: string;
    trackingNumber: string | null;
    courier: string | null;
  } | null;
}

/** GET /api/track/:number: one box for a sale (TXN...), an order (ORD-...) or a repair booking (REP-...). */
export type TrackReply =
  | { kind: 'trade-in'; tradeIn: TrackedTradeIn }
  | { kind: 'order'; order: TrackedOrder }
  | { kind: 'repair'; repair: RepairTrackingView };

/** What every staff view of a trade-in shows: the device as its seller described it, its photos and the money. */
interface TradeInCard extends TradeInDevice {
  transactionNumber: string;
  deviceInfo: string;
  imei: string | null;
  status: AnySaleStatus;
  estimatedValue: number;
  offeredAmount: number | null;
  assessmentNotes: string | null;
  submittedDate: string;
  photos: string[];
}

/** A trade-in as the admin's lists show it. */
export interface StaffTradeIn extends TradeInCard {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: string;
  agentId: string | null;
  agentName: string | null;
}

/** A trade-in as its assigned agent sees it: the customer by first name only (decision 031); '' for a guest. */
export interface AgentTradeIn extends TradeInCard {
  customerFirstName: string;
}

/** The statuses an agent's trade-in can rest in, for the agent's status filter ('Device Assessed' never rests). */
export const AGENT_SALE_STATUSES = [
  'Assigned to Agent',
  'Awaiting Offer',
  'Offer Made',
  'Awaiting Payment',
  'Paid',
  'Offer Declined',
] as const satisfies readonly AnySaleStatus[];

/** A trade-in in the signed-in customer's account (GET /api/account/trade-ins). */
export interface AccountTradeIn {
  transactionNumber: string;
  deviceInfo: string;
  status: AnySaleStatus;
  estimatedValue: number;
  offeredAmount: number | null;
  submittedDate: string;
}

/** Masks for a tracked trade-in: 'l***@example.com', '***0199'. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskPhone(phone: string): string {
  return `***${phone.replace(/\D/g, '').slice(-4)}`;
}

/** 'TXN...' numbers as typed: trimmed and upper-cased. */
export const normaliseNumber = (value: string) => value.trim().toUpperCase();
