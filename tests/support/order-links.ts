import { and, asc, eq, inArray } from 'drizzle-orm';
import { outboxEmails } from '../../src/server/db/schema';
import { nextAddress } from './checkout';
import { send, type TestApp } from './test-app';

/** The emails that carry a link to an order: its confirmation, and the links sent on request. */
const LINK_KINDS = ['order_confirmation', 'order_link'];

/** The links emailed about an order, oldest first: the email's kind, recipient and the link's token. */
export async function emailedLinks(t: TestApp, orderNumber: string) {
  const rows = await t.db
    .select({ kind: outboxEmails.kind, to: outboxEmails.to, text: outboxEmails.text, html: outboxEmails.html })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.entityId, orderNumber), inArray(outboxEmails.kind, LINK_KINDS)))
    .orderBy(asc(outboxEmails.createdAt));
  return rows.map((row) => {
    const link = new RegExp(`/order-confirmation/${orderNumber}#token=(\\d+\\.[\\w-]{43})\\s`).exec(row.text);
    if (!link) throw new Error(`no link to ${orderNumber} in: ${row.text}`);
    if (!row.html.includes(`#token=${link[1]}"`)) throw new Error('the HTML link differs from the text one');
    return { kind: row.kind, to: row.to, token: link[1]! };
  });
}

/** 'Enter the email used for this order', from a client address of its own. */
export const askForLink = (t: TestApp, orderNumber: string, email: string) =>
  send(t.app, 'POST', `/api/orders/${orderNumber}/access`, {
    body: { email },
    headers: { 'x-forwarded-for': nextAddress() },
  });

/** GET /api/orders/:orderNumber as a browser sending `token` (and `cookie`) asks for it. */
export const openOrder = (t: TestApp, orderNumber: string, token?: string, cookie?: string) =>
  send(t.app, 'GET', `/api/orders/${orderNumber}`, {
    cookie,
    headers: { 'x-forwarded-for': nextAddress(), ...(token ? { 'x-order-token': token } : {}) },
  });
