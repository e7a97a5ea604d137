// Playwright's own test and expect: the fixtures read the mailbox too, so this file must not import them.
import { expect, test } from '@playwright/test';

/** The e2e server's mailbox reader (scripts/e2e-server.mjs): the app's port + 2. */
const MAILBOX_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}`;

export interface ReceivedEmail {
  to: string[];
  subject: string;
  /** The text part, decoded. */
  text: string;
}

/** What `address` has received so far, oldest first. */
export async function inbox(address: string): Promise<ReceivedEmail[]> {
  const res = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as ReceivedEmail[];
}

/**
 * The `count`th email `address` received whose subject matches, once it has arrived. The store's
 * outbox sends every 5 seconds, so a story that waits for mail gets the time of a slow test.
 */
export async function emailTo(address: string, subject: RegExp, count = 1): Promise<ReceivedEmail> {
  test.slow();
  let found: ReceivedEmail[] = [];
  await expect
    .poll(
      async () => {
        found = (await inbox(address)).filter((email) => subject.test(email.subject));
        return found.length;
      },
      { timeout: 20_000, message: `email ${count} to ${address} matching ${subject}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found[count - 1]!;
}

/** The address of the link labelled `label` in an email's text ('Accept Offer: https://...'). */
export function linkIn(email: ReceivedEmail, label: string): string {
  const link = new RegExp(`${label}: (\\S+)`).exec(email.text)?.[1];
  if (!link) throw new Error(`no '${label}' link in:\n${email.text}`);
  return link;
}

/** The seller's token a link carries in its fragment (#token=...&answer=...). */
export const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token');

/** The 'View your order' link of the email to `to` with exactly this subject, as the customer would follow it. */
export async function orderLinkInMail(to: string, subject: string): Promise<string> {
  const exactly = new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return linkIn(await emailTo(to, exactly), 'View your order');
}
