import { z } from 'zod';
import { BANKS } from './accounts';
import { formatMoney } from './money';
import { pagingQuery } from './paging';
import type { SellDeviceType } from './sell-devices';
import { optionalMultiline, optionalText, plainText, required } from './text-fields';
import { ALL_SALE_STATUSES, type AnySaleStatus, type TradeInTimelineStep } from './trade-in-statuses';

/**
 * A trade-in after it is submitted: the seller's answer to the offer and the emailed link that proves
 * them (decision 039), the staff's payloads and lists, and what each reader is shown of it.
 */

/** TXN + timestamp in ms + 0-999. */
export const TRANSACTION_NUMBER_PATTERN = /^TXN\d{13}\d{1,3}$/;

/** 'TXN...' numbers as typed: trimmed and upper-cased. */
export const normaliseNumber = (value: string) => value.trim().toUpperCase();

// ---------------------------------------------------------------------------------------------
// What the seller does with an offer, and the link that proves them.
// ---------------------------------------------------------------------------------------------

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
  offerRevised: (amount: number) => `Offer revised to R${amount}; the seller was emailed a new link`,
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
  sent: 'If this transaction is waiting for your answer or your payout, we have emailed its link to the contact email given with it.',
} as const;

/** The proof a request may carry besides the session: the token of the emailed link. */
const linkProof = { token: z.string().trim().max(200).optional().default('') };

const ACCOUNT_NUMBER_MESSAGES = {
  required: 'Account number is required',
  invalid: 'Enter the account number: 6 to 16 digits',
};

/** The fields the account number's check reads (see its `when`). */
const READS = new Set(['accountNumber', 'useSavedAccount']);
const isObject = (value: unknown) => typeof value === 'object' && value !== null;

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
  .superRefine(
    (value, ctx) => {
      if (value.useSavedAccount) return;
      if (!value.accountNumber) {
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: ACCOUNT_NUMBER_MESSAGES.required });
      } else if (!/^\d{6,16}$/.test(value.accountNumber)) {
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: ACCOUNT_NUMBER_MESSAGES.invalid });
      }
    },
    // Runs even when another field failed, so the seller sees every mistake on the first submit; the two
    // fields it reads parsed cleanly (no issue of their own), so their values are the parsed ones.
    {
      when: (payload) => isObject(payload.value) && !payload.issues.some((issue) => READS.has(String(issue.path?.[0]))),
    },
  );
export type PayoutAccountInput = z.input<typeof payoutAccountSchema>;

export const declineOfferSchema = z.object({
  ...linkProof,
  reason: optionalMultiline('Reason', 500),
});
export type DeclineOfferInput = z.input<typeof declineOfferSchema>;

// ---------------------------------------------------------------------------------------------
// What staff send: the admin's assignment and payment, the agent's offer, and the lists' queries.
// ---------------------------------------------------------------------------------------------

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
  /** The agent's second yes to an amount outside OFFER_RANGE_PERCENT of the estimate. */
  confirmOutOfRange: z.boolean().optional().default(false),
});
export type MakeOfferInput = z.input<typeof makeOfferSchema>;
/**
 * An offer outside this share of the estimate (in percent, both bounds allowed) is most likely a
 * typing slip (R25,000 for R2,500): the agent must confirm it a second time, and the server refuses it
 * without `confirmOutOfRange`.
 */
export const OFFER_RANGE_PERCENT = { min: 30, max: 150 } as const;

/** The offer as a whole percentage of the estimate, and whether it lies outside OFFER_RANGE_PERCENT. */
export function offerRatio(amount: number, estimate: number): { percent: number; outOfRange: boolean } {
  // Compared in whole numbers, so exactly 30% and 150% are inside whatever the float rounding.
  const below = amount * 100 < estimate * OFFER_RANGE_PERCENT.min;
  const above = amount * 100 > estimate * OFFER_RANGE_PERCENT.max;
  const exact = estimate > 0 ? (amount / estimate) * 100 : 0;
  // Rounded away from the range, so an amount just outside never reads as the bound itself.
  const percent = below ? Math.floor(exact) : above ? Math.ceil(exact) : Math.round(exact);
  return { percent, outOfRange: below || above };
}

/** The history entry of a revised offer: "Offer revised by Sarah Mitchell from R25,000 to R9,000". */
export const offerRevisedHistory = (agentName: string, from: number, to: number) =>
  `Offer revised by ${agentName} from ${formatMoney(from, 'offer')} to ${formatMoney(to, 'offer')}`;

/** Why an offer out of range was refused, under the `confirmOutOfRange` field. */
export const offerRangeMessage = (percent: number) =>
  `This offer is ${percent}% of the estimate; an offer below ${OFFER_RANGE_PERCENT.min}% or above ${OFFER_RANGE_PERCENT.max}% of the estimate needs your confirmation`;

export const markPaidSchema = z.object({
  payoutReference: required('Payout reference', 100),
});

/** POST /api/admin/trade-ins/:number/return-device: how a declined device went back, for its history. */
export const returnDeviceSchema = z.object({
  note: optionalText('How it went back', 200),
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

interface HistoryEntry {
  status: string;
  date: string;
  description: string;
}

/** The device as its seller described it, in every view of a trade-in. */
interface TradeInDevice {
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
  /** One step per status with the time it was first reached, skipped steps told from pending ones. */
  timeline: TradeInTimelineStep[];
}

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
