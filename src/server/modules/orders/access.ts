import { createHash, timingSafeEqual } from 'node:crypto';
import type { OrderView } from '../../../shared/orders';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { signedUntilMatches, signingKey, signUntil } from '../../lib/signing';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail';
import { renderOrderLinkEmail } from './link-email';
import { findOrder, ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE, orderItemsOf, toOrderView, type OrderRow } from './reads';

/**
 * Who may open an order (docs/decisions/040): the admin, the signed-in customer who placed it, the
 * placing browser with the token it was given, or whoever holds a signed link (emailed, or sent on
 * request to the order's email). Anyone else gets the same 404 as a missing order.
 */

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** True when `token` is the one whose hash the order keeps (constant-time). */
function tokenMatches(order: Pick<OrderRow, 'accessTokenHash'>, token: string | undefined | null): boolean {
  if (!token || token.length > 200) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(order.accessTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The placing browser's own token: it came with the order, at link version 0, so the first revoke voids it. */
export const isPlacingBrowsersToken = (order: OrderRow, token: string | undefined) =>
  order.linkVersion === 0 && tokenMatches(order, token);

type OrderViewer = { role: 'customer' | 'agent' | 'admin'; id: string; email: string } | null;

/** What opening an order is decided on: who asks, the token they hold, the time, how long links live. */
export interface OrderAccess {
  viewer: OrderViewer;
  /** The x-order-token header: the placing browser's token or a link's. */
  accessToken: string | undefined;
  now: Date;
  linkDays: number;
}

const ORDER_LINK = 'order-link';
const DAY_MS = 24 * 60 * 60_000;

/** When a link given at `from` stops opening the order. */
export const linkExpiry = (from: Date, linkDays: number) => new Date(from.getTime() + linkDays * DAY_MS);

/** What a link signs besides its expiry: the order, and its link version (a revoke moves it on). */
const linkSubject = (order: Pick<OrderRow, 'orderNumber' | 'linkVersion'>) =>
  `${order.orderNumber}\n${order.linkVersion}`;

/**
 * The token of a link to the order (the confirmation email's, one sent on request): signed over the
 * order number, its link version and the expiry, stored nowhere, so it opens the order in any
 * browser until it expires or the admin revokes the order's links. Take the key (lib/signing.ts)
 * before opening a transaction.
 */
export function orderLinkToken(
  key: Buffer,
  order: Pick<OrderRow, 'orderNumber' | 'linkVersion'>,
  expiresAt: Date,
): string {
  return signUntil(key, ORDER_LINK, linkSubject(order), expiresAt);
}

/** The placing browser's token for linkDays after the placing, or a link's token before its expiry. */
async function tokenOpens(db: Database, order: OrderRow, { accessToken, now, linkDays }: OrderAccess) {
  if (isPlacingBrowsersToken(order, accessToken)) return now < linkExpiry(order.createdAt, linkDays);
  return signedUntilMatches(await signingKey(db), ORDER_LINK, linkSubject(order), accessToken, now);
}

/**
 * A guest order the signed-in customer may read as their own: placed without an account, with the address the
 * account's emailed link proved when it was made (or its email last changed). The order's own links prove no
 * more than that mailbox.
 */
export function isGuestOrderOf(order: Pick<OrderRow, 'customerId' | 'customerEmail'>, viewer: OrderViewer): boolean {
  return (
    viewer?.role === 'customer' &&
    order.customerId === null &&
    order.customerEmail.toLowerCase() === viewer.email.toLowerCase()
  );
}

/**
 * The admin, the signed-in customer who placed the order or whose address a guest placed it with, or a holder
 * of a live link to it.
 */
export async function mayOpenOrder(db: Database, order: OrderRow, access: OrderAccess): Promise<boolean> {
  const { viewer } = access;
  if (viewer?.role === 'admin') return true;
  if (viewer?.role === 'customer' && order.customerId !== null && order.customerId === viewer.id) return true;
  if (isGuestOrderOf(order, viewer)) return true;
  return tokenOpens(db, order, access);
}

/**
 * The address an emailed link to the order proves its holder reads: the order's email, when `token` is a live
 * link's (the confirmation email's, or one sent on request), else null. Never the placing browser's token: that
 * proves who placed the order, not who reads the address (a guest's data requests: docs/decisions/076).
 */
export async function emailProvenByLink(
  db: Database,
  orderNumber: string,
  token: string,
  now: Date,
): Promise<string | null> {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  if (!order) return null;
  const signed = await signedUntilMatches(await signingKey(db), ORDER_LINK, linkSubject(order), token, now);
  return signed ? order.customerEmail : null;
}

/**
 * The shopper who placed the order, and only them: the signed-in customer who placed it, or the
 * placing browser with its own token while that token lives. Not a link's holder nor the admin: this
 * is who may pay for an order still awaiting payment.
 */
export function placedBy(order: OrderRow, { viewer, accessToken, now, linkDays }: OrderAccess): boolean {
  if (viewer?.role === 'customer' && order.customerId !== null && order.customerId === viewer.id) return true;
  return isPlacingBrowsersToken(order, accessToken) && now < linkExpiry(order.createdAt, linkDays);
}

/**
 * GET /api/orders/:orderNumber: for whoever mayOpenOrder lets in. Anyone else gets the same 404 as
 * a missing order.
 */
export async function getOrderForViewer({
  db,
  orderNumber,
  ...access
}: OrderAccess & { db: Database; orderNumber: string }): Promise<OrderView> {
  const order = await findOrderForViewer({ db, orderNumber, ...access });
  return toOrderView(order, await orderItemsOf(db, order.id));
}

/** The order's row for whoever mayOpenOrder lets in (checkout's resumed payment too); anyone else gets a 404. */
export async function findOrderForViewer({
  db,
  orderNumber,
  ...access
}: OrderAccess & { db: Database; orderNumber: string }): Promise<OrderRow> {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  if (!order || !(await mayOpenOrder(db, order, access))) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** Link emails an order sends on request: at most one per link version in this long. */
const LINK_EMAIL_WINDOW_MS = 60 * 60_000;

/**
 * 'Enter the email used for this order': when the email is the order's (in any case), a fresh link
 * goes to it; nothing comes back, so the caller learns nothing either way (the route answers alike,
 * in the same time). The outbox's dedupe key sends one link per order and link version an hour,
 * however often it is asked for; after a revoke the next one goes at once.
 */
export async function sendOrderLink({
  db,
  clock,
  publicUrl,
  linkDays,
  orderNumber,
  email,
}: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  linkDays: number;
  orderNumber: string;
  email: string;
}): Promise<void> {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  const given = Buffer.from(email.trim().toLowerCase());
  const expected = Buffer.from((order?.customerEmail ?? '').trim().toLowerCase());
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  if (!order || !matches) return;
  const now = clock.now();
  const token = orderLinkToken(await signingKey(db), order, linkExpiry(now, linkDays));
  const window = Math.floor(now.getTime() / LINK_EMAIL_WINDOW_MS);
  const dedupeKey = `order-link:${order.orderNumber}:${order.linkVersion}:${window}`;
  await enqueueEmail(
    db,
    renderOrderLinkEmail({ order, publicUrl, token, linkDays, dedupeKey }),
    now,
    ANONYMOUS_MAIL_CAP,
  );
}
