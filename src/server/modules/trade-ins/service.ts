import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Role } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import {
  LINK_MESSAGES,
  LINK_STATUSES,
  maskEmail,
  maskPhone,
  moveRefusal,
  normaliseNumber,
  OFFER_LINK_DAYS,
  OFFER_MESSAGES,
  PAYOUT_CHANGED_HISTORY,
  payoutChangeRefusal,
  SELL_MESSAGES,
  statusDescription,
  TRADE_IN_MOVES,
  TRANSACTION_NUMBER_PATTERN,
  type AccountTradeIn,
  type AnySaleStatus,
  type LinkStatus,
  type payoutAccountSchema,
  type SellDeviceType,
  type SellForm,
  type SellReply,
  type AgentTradeIn,
  type StaffTradeIn,
  type TrackedTradeIn,
  type agentTradeInQuerySchema,
  type tradeInListQuerySchema,
  type TradeInMove,
} from '../../../shared/trade-ins';
import type { PagedReply } from '../../../shared/paging';
import type { Config } from '../../config';
import { afterCommit, transaction, type Database, type DbHandle, type Transaction } from '../../db/client';
import { tradeInImages, tradeInPayouts, tradeInQuotes, tradeIns, tradeInStatusHistory } from '../../db/schema/trade-ins';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { searchCondition } from '../../lib/like';
import { newestFirst, rememberedTotal } from '../../lib/paging';
import { transactionNumber as makeTransactionNumber, insertNumbered } from '../../lib/reference-numbers';
import { findActiveAgent, savedBankAccount, splitName, userNames } from '../accounts/service';
import { recordAudit, type Actor } from '../audit/service';
import { insertImage, INVALID_IMAGE, normaliseImage } from '../images/service';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail/outbox';
import {
  newLinkEmail,
  offerEmail,
  payoutChangedEmail,
  statusEmail,
  submissionEmail,
  type EmailContext,
} from './emails';

export type TradeInRow = typeof tradeIns.$inferSelect;

interface Deps {
  db: Database;
  config: Config;
  clock: Clock;
}

/** Who is looking or answering: the signed-in user, if any. */
export type Viewer = { id: string; role: Role } | null;

export const TRADE_IN_NOT_FOUND = 'TRADE_IN_NOT_FOUND';
export const notFoundMessage = `${SELL_MESSAGES.notFound} - ${SELL_MESSAGES.notFoundDetail}`;
const tradeInNotFound = () => notFound(TRADE_IN_NOT_FOUND, notFoundMessage);

const notYours = () =>
  new AppError(ERROR_CODES.forbidden, 'This trade-in is assigned to another agent', { status: 403 });

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function tokenMatches(hash: string | null, token: string): boolean {
  if (!hash || !token) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const LINK_LIFETIME_MS = OFFER_LINK_DAYS * 24 * 60 * 60_000;

/** A new link's token (32 random bytes) and what the trade-in keeps of it; writing it voids any earlier link. */
function newLink(now: Date) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    set: { accessTokenHash: hashToken(token), accessTokenExpiresAt: new Date(now.getTime() + LINK_LIFETIME_MS) },
  };
}

const emailContext = (config: Config): EmailContext => ({
  publicUrl: config.PUBLIC_URL,
  currency: config.STORE_CURRENCY,
});

/** 'Apple iPhone 13 128GB': what staff lists and emails call the device. */
export function deviceInfo(row: Pick<TradeInRow, 'brand' | 'model' | 'storage'>): string {
  return [row.brand, row.model, row.storage && row.storage !== 'N/A' ? row.storage : ''].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Quote
// ---------------------------------------------------------------------------------------------

/**
 * The estimate from the quote table: the lowest amount among the rows matching what the seller
 * told us (a field left empty matches any), so the same device always gets the same figure and an
 * unstated detail never raises it. Falls back to the lowest for the type.
 */
export async function estimateTradeIn(
  db: DbHandle,
  device: { deviceType: SellDeviceType; brand: string; storage: string; condition: string },
): Promise<number> {
  const lowest = async (conditions: SQL[]) => {
    const [row] = await db
      .select({ amount: tradeInQuotes.amount })
      .from(tradeInQuotes)
      .where(and(...conditions))
      .orderBy(asc(tradeInQuotes.amount))
      .limit(1);
    return row?.amount ?? null;
  };
  const byType = eq(tradeInQuotes.deviceType, device.deviceType);
  const given = [
    device.brand ? eq(tradeInQuotes.brand, device.brand) : null,
    device.storage ? eq(tradeInQuotes.storage, device.storage) : null,
    device.condition ? eq(tradeInQuotes.condition, device.condition) : null,
  ].filter((c): c is SQL => c !== null);
  const amount = (await lowest([byType, ...given])) ?? (await lowest([byType]));
  if (amount === null) throw new Error(`trade_in_quotes holds no row for ${device.deviceType}: seed it`);
  return amount;
}

// ---------------------------------------------------------------------------------------------
// Submission
// ---------------------------------------------------------------------------------------------

async function normalisePhotos(photos: string[]) {
  try {
    return await Promise.all(
      photos.map((photo) => normaliseImage({ data: Buffer.from(photo.slice(photo.indexOf(',') + 1), 'base64') })),
    );
  } catch (error) {
    // Bytes of another type (an SVG labelled image/png) are a 415, as on every upload route.
    if (error instanceof AppError && error.status === 415) {
      const fields = { photos: SELL_MESSAGES.photoInvalid };
      throw new AppError(INVALID_IMAGE, SELL_MESSAGES.photoInvalid, { status: 415, fields });
    }
    throw invalidField('photos', SELL_MESSAGES.photoInvalid);
  }
}

/** How many trade-ins there are: the admin's Transactions list total before any search or filter. */
export const everyTradeIn = rememberedTotal(tradeIns);

/**
 * POST /api/trade-ins: stores the whole form as 'Awaiting Confirmation' under a new TXN number
 * (unique by constraint; a collision retries with the next millisecond), its first history entry,
 * its photos (through the images module) and the confirmation email, all in one transaction.
 */
export async function submitTradeIn({
  db,
  config,
  clock,
  form,
  customer,
}: Deps & { form: SellForm; customer: { id: string; name: string } | null }): Promise<SellReply> {
  const photos = await normalisePhotos(form.photos);
  const now = clock.now();
  const estimatedValue = await estimateTradeIn(db, form);
  return transaction(db, async (tx) => {
    const row = await insertNumbered(
      tx,
      tradeIns,
      (attempt) => makeTransactionNumber(new Date(now.getTime() + attempt)),
      (number) => ({
        transactionNumber: number,
        customerId: customer?.id ?? null,
        customerName: customer?.name ?? '',
        customerEmail: form.contactEmail,
        customerPhone: form.contactPhone,
        address: form.address,
        deviceType: form.deviceType,
        brand: form.brand,
        model: form.model,
        condition: form.condition,
        storage: form.storage || null,
        ram: form.ram || null,
        color: form.color || null,
        accessories: form.accessories || null,
        description: form.description || null,
        isOwner: form.isOwner,
        imei: form.imei || null,
        status: 'Awaiting Confirmation',
        estimatedValue,
        createdAt: now,
        updatedAt: now,
      }),
    );
    await tx.insert(tradeInStatusHistory).values({
      tradeInId: row.id,
      status: row.status,
      description: statusDescription(row.status),
      actorId: customer?.id ?? null,
      createdAt: now,
    });
    for (const [position, photo] of photos.entries()) {
      const { id } = await insertImage(tx, photo);
      await tx.insert(tradeInImages).values({ tradeInId: row.id, position, imageId: id });
    }
    await enqueueEmail(
      tx,
      submissionEmail({ ...row, deviceInfo: deviceInfo(row), estimatedValue }, emailContext(config)),
      now,
      ANONYMOUS_MAIL_CAP,
    );
    afterCommit(tx, everyTradeIn.forget);
    return { transactionNumber: row.transactionNumber, status: row.status as AnySaleStatus, estimatedValue };
  });
}

// ---------------------------------------------------------------------------------------------
// Tracking
// ---------------------------------------------------------------------------------------------

async function findTradeIn(db: DbHandle, number: string, { lock = false } = {}): Promise<TradeInRow | null> {
  const query = db
    .select()
    .from(tradeIns)
    .where(eq(tradeIns.transactionNumber, normaliseNumber(number)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const isOwner = (row: TradeInRow, viewer: Viewer) =>
  viewer?.role === 'customer' && row.customerId !== null && row.customerId === viewer.id;

/** GET /api/track/TXN...: the trade-in with its history; email and phone masked unless its signed-in owner asks. */
export async function getTrackedTradeIn({
  db,
  number,
  viewer,
}: {
  db: Database;
  number: string;
  viewer: Viewer;
}): Promise<TrackedTradeIn> {
  const row = await findTradeIn(db, number);
  if (!row) throw tradeInNotFound();
  return trackedView(db, row, viewer);
}

/** What every view of a trade-in shows: the device, its status and the money. */
function commonView(row: TradeInRow) {
  return {
    transactionNumber: row.transactionNumber,
    status: row.status as AnySaleStatus,
    deviceType: row.deviceType as SellDeviceType,
    brand: row.brand,
    model: row.model,
    storage: row.storage,
    ram: row.ram,
    color: row.color,
    condition: row.condition,
    estimatedValue: row.estimatedValue,
    offeredAmount: row.offeredAmount,
    submittedDate: row.createdAt.toISOString(),
  };
}

async function trackedView(db: DbHandle, row: TradeInRow, viewer: Viewer): Promise<TrackedTradeIn> {
  const history = await db
    .select()
    .from(tradeInStatusHistory)
    .where(eq(tradeInStatusHistory.tradeInId, row.id))
    .orderBy(asc(tradeInStatusHistory.createdAt), asc(tradeInStatusHistory.id));
  const owner = isOwner(row, viewer);
  return {
    ...commonView(row),
    assessmentNotes: row.offeredAmount !== null ? row.assessmentNotes : null,
    contactEmail: owner ? row.customerEmail : maskEmail(row.customerEmail),
    contactPhone: owner ? row.customerPhone : maskPhone(row.customerPhone),
    viewerIsOwner: owner,
    statusHistory: history.map((h) => ({
      status: h.status,
      date: h.createdAt.toISOString(),
      description: h.description,
    })),
  };
}

/** The signed-in customer's own trade-ins, newest first (the account page). */
export async function listCustomerTradeIns({
  db,
  customerId,
}: {
  db: Database;
  customerId: string;
}): Promise<AccountTradeIn[]> {
  const rows = await db
    .select()
    .from(tradeIns)
    .where(eq(tradeIns.customerId, customerId))
    .orderBy(...newestFirst(tradeIns.createdAt, tradeIns.id))
    .limit(200);
  return rows.map((row) => ({
    transactionNumber: row.transactionNumber,
    deviceInfo: deviceInfo(row),
    status: row.status as AnySaleStatus,
    estimatedValue: row.estimatedValue,
    offeredAmount: row.offeredAmount,
    submittedDate: row.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Moves (decision 022): one UPDATE checks the status, so two tabs move a trade-in once.
// ---------------------------------------------------------------------------------------------

const auditView = (row: TradeInRow) => ({
  status: row.status,
  agentId: row.agentId,
  offeredAmount: row.offeredAmount,
  assessmentNotes: row.assessmentNotes,
});

const AUDIT_VERBS: Record<TradeInMove, string> = {
  confirm: 'confirm',
  assign: 'assign',
  assess: 'assess',
  offer: 'offer',
  accept: 'accept',
  decline: 'decline',
  markPaid: 'mark_paid',
};

/**
 * Moves a trade-in by one of TRADE_IN_MOVES in the caller's transaction: the UPDATE only matches a
 * row still in an allowed status (and `guard`, e.g. still this agent's), else 409 with the reason
 * and nothing changes. Appends the history (statuses passed through first), writes the audit log.
 */
async function applyMove(
  tx: Transaction,
  {
    row,
    move,
    actor,
    now,
    set = {},
    guard,
    passedThrough = [],
    details,
  }: {
    row: TradeInRow;
    move: TradeInMove;
    actor: Actor;
    now: Date;
    set?: Partial<typeof tradeIns.$inferInsert>;
    guard?: SQL;
    passedThrough?: AnySaleStatus[];
    details?: Record<string, unknown>;
  },
): Promise<TradeInRow> {
  const { from, to } = TRADE_IN_MOVES[move];
  const [after] = await tx
    .update(tradeIns)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(tradeIns.id, row.id), inArray(tradeIns.status, [...from]), guard))
    .returning();
  if (!after) {
    const current = await findTradeIn(tx, row.transactionNumber);
    // Reassigned while this agent was acting: it is no longer theirs, whatever its status.
    if (actor.role === 'agent' && current?.agentId !== actor.id) throw notYours();
    throw new AppError(ERROR_CODES.conflict, moveRefusal(move, current?.status ?? row.status), { status: 409 });
  }
  await tx.insert(tradeInStatusHistory).values(
    [...passedThrough, to].map((status) => ({
      tradeInId: row.id,
      status,
      description: statusDescription(status),
      actorId: actor.id,
      createdAt: now,
    })),
  );
  await recordAudit(tx, {
    actor,
    action: `trade_in.${AUDIT_VERBS[move]}`,
    entity: { type: 'trade_in', id: row.transactionNumber },
    before: auditView(row),
    after: auditView(after),
    details,
    at: now,
  });
  return after;
}

type StaffMove = Deps & { number: string; actor: Actor };

/** Runs a staff move: finds the trade-in (404), checks ownership for an agent (403), moves it, emails the customer. */
async function staffMove(
  { db, config, clock, number, actor }: StaffMove,
  move: TradeInMove,
  prepare: (
    row: TradeInRow,
    tx: Transaction,
  ) => Promise<Omit<Parameters<typeof applyMove>[1], 'row' | 'move' | 'actor' | 'now'>>,
  email: (after: TradeInRow, ctx: EmailContext) => Parameters<typeof enqueueEmail>[1] = (after, ctx) =>
    statusEmail(emailSubject(after), after.status, statusDescription(after.status), ctx),
): Promise<StaffTradeIn> {
  const now = clock.now();
  const after = await db.transaction(async (tx) => {
    const row = await findTradeIn(tx, number);
    if (!row) throw tradeInNotFound();
    if (actor.role === 'agent' && row.agentId !== actor.id) throw notYours();
    const options = await prepare(row, tx);
    const moved = await applyMove(tx, {
      row,
      move,
      actor,
      now,
      ...options,
      guard: actor.role === 'agent' ? eq(tradeIns.agentId, actor.id!) : options.guard,
    });
    await enqueueEmail(tx, email(moved, emailContext(config)), now);
    return moved;
  });
  const [view] = await staffViews(db, [after]);
  return view!;
}

const emailSubject = (row: TradeInRow) => ({ ...row, deviceInfo: deviceInfo(row) });

/** Admin: 'Awaiting Confirmation' -> 'Confirmed'. */
export const confirmTradeIn = (deps: StaffMove) => staffMove(deps, 'confirm', async () => ({}));

/** Admin: gives the trade-in to an active agent ('Confirmed', or another agent's) -> 'Assigned to Agent'. */
export const assignTradeIn = (deps: StaffMove & { agentId: string }) =>
  staffMove(deps, 'assign', async (_row, tx) => {
    const agent = await findActiveAgent(tx, deps.agentId);
    if (!agent) {
      throw invalidField('agentId', 'Choose an active agent');
    }
    return { set: { agentId: agent.id }, details: { agentName: agent.name } };
  });

/** Agent: 'Assigned to Agent' -> 'Device Assessed' (history) -> rests in 'Awaiting Offer'. */
export const assessTradeIn = (deps: StaffMove) =>
  staffMove(deps, 'assess', async () => ({ passedThrough: ['Device Assessed'] }));

/** Agent: 'Assigned to Agent' or 'Awaiting Offer' -> 'Offer Made', with the amount, notes and the email's link (a new one). */
export function makeOffer(deps: StaffMove & { amount: number; notes: string }) {
  const link = newLink(deps.clock.now());
  return staffMove(
    deps,
    'offer',
    async () => ({
      set: { offeredAmount: deps.amount, assessmentNotes: deps.notes || null, ...link.set },
    }),
    (after, ctx) =>
      offerEmail(
        { ...emailSubject(after), offeredAmount: after.offeredAmount!, assessmentNotes: after.assessmentNotes },
        link.token,
        ctx,
      ),
  );
}

/** Admin: 'Awaiting Payment' -> 'Paid', recording the payout's reference. */
export const markTradeInPaid = (deps: StaffMove & { payoutReference: string }) =>
  staffMove(deps, 'markPaid', async (row, tx) => {
    await tx
      .update(tradeInPayouts)
      .set({
        payoutReference: deps.payoutReference,
        paidAt: deps.clock.now(),
        paidBy: deps.actor.id,
        updatedAt: deps.clock.now(),
      })
      .where(eq(tradeInPayouts.tradeInId, row.id));
    return { details: { payoutReference: deps.payoutReference } };
  });

// ---------------------------------------------------------------------------------------------
// What the seller does (decision 039): answer the offer, change the payout, ask for a new link.
// Proof is the owner's session or the newest emailed link, never an email address typed in.
// ---------------------------------------------------------------------------------------------

const refused = (message: string) => new AppError(ERROR_CODES.forbidden, message, { status: 403 });

/**
 * The seller: the signed-in customer who submitted it, or whoever holds the newest link emailed to
 * its contact address before it expires. Anything else is 403, saying neither the contact email nor
 * anything about the trade-in's state.
 */
function proveSeller(
  row: TradeInRow,
  { viewer, token, ip }: { viewer: Viewer; token: string; ip?: string },
  now: Date,
): Actor & { proof: 'session' | 'link' } {
  if (isOwner(row, viewer)) return { id: viewer!.id, role: 'customer', ip, proof: 'session' };
  if (!token) throw refused(LINK_MESSAGES.required);
  if (!tokenMatches(row.accessTokenHash, token)) throw refused(LINK_MESSAGES.invalid);
  // A link from before links expired has no expiry recorded: it is treated as expired.
  if (!row.accessTokenExpiresAt || row.accessTokenExpiresAt <= now) throw refused(LINK_MESSAGES.expired);
  return { id: null, role: 'customer', ip, proof: 'link' };
}

type SellerRequest = Deps & { number: string; viewer: Viewer; token: string; ip?: string };
interface SellerStep {
  tx: Transaction;
  row: TradeInRow;
  actor: Actor;
  proof: 'session' | 'link';
  now: Date;
}

/**
 * Runs a seller's action in one transaction: the trade-in (404) locked, so a new link or the admin's
 * payment waits for it; the seller proven (403) before its status is looked at, so a stranger learns
 * nothing about it; then `act`.
 */
async function asSeller<T>(request: SellerRequest, act: (step: SellerStep) => Promise<T>): Promise<T> {
  const now = request.clock.now();
  return transaction(request.db, async (tx) => {
    const row = await findTradeIn(tx, request.number, { lock: true });
    if (!row) throw tradeInNotFound();
    const { proof, ...actor } = proveSeller(row, request, now);
    return act({ tx, row, actor, proof, now });
  });
}

type Answered = { message: string; tradeIn: TrackedTradeIn };

async function answerOffer(
  request: SellerRequest,
  move: 'accept' | 'decline',
  after: (tx: Transaction, moved: TradeInRow, now: Date) => Promise<string[]>,
): Promise<Answered> {
  return asSeller(request, async ({ tx, row, actor, proof, now }) => {
    const moved = await applyMove(tx, { row, move, actor, now, details: { proof } });
    const extra = await after(tx, moved, now);
    await enqueueEmail(
      tx,
      statusEmail(
        emailSubject(moved),
        moved.status,
        statusDescription(moved.status),
        emailContext(request.config),
        extra,
      ),
      now,
    );
    return {
      message: move === 'accept' ? OFFER_MESSAGES.accepted : OFFER_MESSAGES.declined,
      tradeIn: await trackedView(tx, moved, request.viewer),
    };
  });
}

type PayoutAccount = z.output<typeof payoutAccountSchema>;

/**
 * The account the payout goes to: the number typed, or with `useSavedAccount` the one saved in the
 * signed-in seller's account (theirs alone: anyone else is refused, and nothing changes).
 */
async function payoutAccount(tx: Transaction, row: TradeInRow, viewer: Viewer, input: PayoutAccount) {
  const { accountHolder, bankName, branchCode } = input;
  if (!input.useSavedAccount) return { accountHolder, bankName, branchCode, accountNumber: input.accountNumber };
  if (!isOwner(row, viewer)) {
    throw new AppError(ERROR_CODES.forbidden, OFFER_MESSAGES.savedAccountOwnerOnly, {
      status: 403,
      fields: { accountNumber: OFFER_MESSAGES.savedAccountOwnerOnly },
    });
  }
  const saved = await savedBankAccount(tx, viewer!.id);
  if (!saved) throw invalidField('accountNumber', OFFER_MESSAGES.noSavedAccount);
  if (saved.bankName !== bankName) {
    throw invalidField('bankName', OFFER_MESSAGES.savedAccountOtherBank(saved.bankName));
  }
  return { accountHolder, bankName, branchCode, accountNumber: saved.accountNumber };
}

const lastFour = (accountNumber: string) => accountNumber.slice(-4);

/** 'Offer Made' -> 'Awaiting Payment', keeping the bank account the payout goes to. */
export const acceptOffer = (request: SellerRequest & { input: PayoutAccount }) =>
  answerOffer(request, 'accept', async (tx, moved, now) => {
    const account = await payoutAccount(tx, moved, request.viewer, request.input);
    await tx.insert(tradeInPayouts).values({ tradeInId: moved.id, ...account, createdAt: now, updatedAt: now });
    return [
      `We will pay into ${account.bankName} account ending ${lastFour(account.accountNumber)} within 24 hours of approval.`,
      'You can change this account until we pay: open your trade-in from the link we emailed you, or signed in, and choose Change payout account.',
    ];
  });

/** 'Offer Made' -> 'Offer Declined' (decision 021): the device goes back to the customer. */
export const declineOffer = (request: SellerRequest) =>
  answerOffer(request, 'decline', async () => ['Your device will be returned to you.']);

/** What the audit log keeps of a payout account: enough to tell two apart, not the whole number. */
const payoutAuditView = (account: {
  accountHolder: string;
  bankName: string;
  accountNumber: string;
  branchCode: string;
}) => ({
  accountHolder: account.accountHolder,
  bankName: account.bankName,
  accountEnding: lastFour(account.accountNumber),
  branchCode: account.branchCode,
});

/**
 * PUT /api/trade-ins/:number/payout: while the payment waits ('Awaiting Payment'), the seller, proven
 * as for the answer, replaces the account it goes to. The history and the audit log record it with
 * the proof used, and the contact address is told, so a change the seller did not make is seen
 * before the admin pays. Once paid (or before accepting) it is 409 with the reason.
 */
export const changePayoutAccount = (request: SellerRequest & { input: PayoutAccount }) =>
  asSeller(request, async ({ tx, row, actor, proof, now }): Promise<Answered> => {
    // The row is locked, so the admin cannot mark it paid between this check and the change.
    if (row.status !== 'Awaiting Payment') {
      throw new AppError(ERROR_CODES.conflict, payoutChangeRefusal(row.status), { status: 409 });
    }
    const account = await payoutAccount(tx, row, request.viewer, request.input);
    const [before] = await tx.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, row.id));
    await tx
      .insert(tradeInPayouts)
      .values({ tradeInId: row.id, ...account, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: tradeInPayouts.tradeInId, set: { ...account, updatedAt: now } });
    await tx.insert(tradeInStatusHistory).values({
      tradeInId: row.id,
      status: row.status,
      description: PAYOUT_CHANGED_HISTORY,
      actorId: actor.id,
      createdAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade_in.change_payout',
      entity: { type: 'trade_in', id: row.transactionNumber },
      before: before && payoutAuditView(before),
      after: payoutAuditView(account),
      details: { proof },
      at: now,
    });
    await enqueueEmail(
      tx,
      payoutChangedEmail(
        { ...emailSubject(row), bankName: account.bankName, accountEnding: lastFour(account.accountNumber) },
        emailContext(request.config),
      ),
      now,
    );
    return {
      message: OFFER_MESSAGES.payoutChanged(account.bankName, lastFour(account.accountNumber)),
      tradeIn: await trackedView(tx, row, request.viewer),
    };
  });

/**
 * 'Email me a new link': one a trade-in an hour, and links for at most three trade-ins an hour to one
 * address (counted on the trade-ins themselves, `link_emailed_at`, so nothing outside this module is read).
 */
const NEW_LINK_LIMITS = { windowMs: 60 * 60_000, perAddress: 3 } as const;

/**
 * POST /api/trade-ins/:number/link: when the trade-in waits for its seller (LINK_STATUSES) and the
 * limits allow, a new link replaces the old one and is emailed to the contact address on file.
 * Returns nothing either way: the route answers alike whether or not the number exists, what state
 * it is in and whether a link went out.
 */
export async function emailNewLink({ db, config, clock, number, ip }: Deps & { number: string; ip?: string }) {
  const now = clock.now();
  const since = new Date(now.getTime() - NEW_LINK_LIMITS.windowMs);
  await transaction(db, async (tx) => {
    const found = await findTradeIn(tx, number);
    if (!found) return;
    // Every trade-in of this address, locked, so two requests at once count each other.
    const sameAddress = await tx
      .select()
      .from(tradeIns)
      .where(sql`lower(${tradeIns.customerEmail}) = lower(${found.customerEmail})`)
      .for('update');
    const row = sameAddress.find((r) => r.id === found.id);
    if (!row || !(LINK_STATUSES as readonly string[]).includes(row.status)) return;
    const recent = sameAddress.filter((r) => r.linkEmailedAt && r.linkEmailedAt > since);
    if (recent.some((r) => r.id === row.id) || recent.length >= NEW_LINK_LIMITS.perAddress) return;
    const link = newLink(now);
    await tx
      .update(tradeIns)
      .set({ ...link.set, linkEmailedAt: now })
      .where(eq(tradeIns.id, row.id));
    await recordAudit(tx, {
      actor: { id: null, role: 'customer', ip },
      action: 'trade_in.new_link',
      entity: { type: 'trade_in', id: row.transactionNumber },
      details: { status: row.status },
      at: now,
    });
    await enqueueEmail(
      tx,
      newLinkEmail({ ...emailSubject(row), status: row.status as LinkStatus }, link.token, emailContext(config)),
      now,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Staff lists
// ---------------------------------------------------------------------------------------------

async function staffViews(db: DbHandle, rows: TradeInRow[]): Promise<StaffTradeIn[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [photos, names] = await Promise.all([
    db.select().from(tradeInImages).where(inArray(tradeInImages.tradeInId, ids)).orderBy(asc(tradeInImages.position)),
    userNames(
      db,
      rows.flatMap((r) => (r.agentId ? [r.agentId] : [])),
    ),
  ]);
  return rows.map((row) => ({
    ...commonView(row),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    address: row.address,
    deviceInfo: deviceInfo(row),
    imei: row.imei,
    assessmentNotes: row.assessmentNotes,
    agentId: row.agentId,
    agentName: row.agentId ? (names.get(row.agentId) ?? null) : null,
    photos: photos.filter((p) => p.tradeInId === row.id).map((p) => `/images/${p.imageId}`),
  }));
}

/**
 * GET /api/admin/trade-ins (every trade-in) and, with `agentId`, that agent's: newest first, paged,
 * by status, searched by number, name or email.
 */
export async function listTradeIns({
  db,
  query,
  agentId,
}: {
  db: Database;
  query: z.output<typeof tradeInListQuerySchema>;
  agentId?: string;
}): Promise<PagedReply<StaffTradeIn>> {
  const where = and(
    agentId ? eq(tradeIns.agentId, agentId) : undefined,
    query.status ? eq(tradeIns.status, query.status) : undefined,
    searchCondition(query.q, {
      number: { pattern: TRANSACTION_NUMBER_PATTERN, column: tradeIns.transactionNumber },
      email: tradeIns.customerEmail,
      anywhere: [tradeIns.transactionNumber, tradeIns.customerName, tradeIns.customerEmail],
    }),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(tradeIns)
      .where(where)
      .orderBy(...newestFirst(tradeIns.createdAt, tradeIns.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    everyTradeIn.count(db, where),
  ]);
  return {
    items: await staffViews(db, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * What the assigned agent sees of a trade-in (decision 031): the device, its photos, IMEI and money,
 * and the customer by first name; never the contact details or address, which the admin keeps.
 */
export function agentView(tradeIn: StaffTradeIn): AgentTradeIn {
  const {
    customerName,
    customerEmail: _e,
    customerPhone: _p,
    address: _a,
    agentId: _i,
    agentName: _n,
    ...card
  } = tradeIn;
  return { ...card, customerFirstName: splitName(customerName).firstName };
}

/** GET /api/agent/trade-ins: the signed-in agent's own trade-ins, as agentView shows them (no search by name or email). */
export async function listAgentTradeIns({
  db,
  query,
  agentId,
}: {
  db: Database;
  query: z.output<typeof agentTradeInQuerySchema>;
  agentId: string;
}): Promise<PagedReply<AgentTradeIn>> {
  const list = await listTradeIns({ db, query: { ...query, q: '' }, agentId });
  return { ...list, items: list.items.map(agentView) };
}
