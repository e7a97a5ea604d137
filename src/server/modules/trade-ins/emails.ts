import { formatMoney, type Currency } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { headedEmail, linkHtml } from '../../lib/email-layout';
import type { OutgoingEmail } from '../mail/outbox';

export interface EmailTradeIn {
  transactionNumber: string;
  customerEmail: string;
  deviceInfo: string;
}

export interface EmailContext {
  publicUrl: string;
  currency: Currency;
}

/** The track page with the number filled in and searched; `token` signs the offer's accept/decline links. */
export function trackLink(publicUrl: string, number: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ number, ...extra });
  return `${publicUrl.replace(/\/+$/, '')}${paths.track}?${query.toString()}`;
}

/** One email about a trade-in: a heading, paragraphs, optional links, the store's footer; HTML and text. */
function tradeInEmail(
  tradeIn: EmailTradeIn,
  kind: string,
  {
    subject,
    heading,
    paragraphs,
    links,
    containsSecret = false,
  }: {
    subject: string;
    heading: string;
    paragraphs: string[];
    links: { label: string; href: string }[];
    containsSecret?: boolean;
  },
): OutgoingEmail {
  const { text, html } = headedEmail(heading, paragraphs, {
    text: links.map((l) => `${l.label}: ${l.href}`),
    html: [links.map((l) => linkHtml(l.label, l.href)).join('\n')],
  });
  return {
    kind,
    to: tradeIn.customerEmail,
    subject,
    html,
    text,
    containsSecret,
    entity: { type: 'trade_in', id: tradeIn.transactionNumber },
  };
}

export function submissionEmail(tradeIn: EmailTradeIn & { estimatedValue: number }, ctx: EmailContext): OutgoingEmail {
  return tradeInEmail(tradeIn, 'trade_in_submitted', {
    subject: `We received your device: ${tradeIn.transactionNumber}`,
    heading: 'Submission Successful!',
    paragraphs: [
      `Thank you for choosing ${STORE.name}. We received the details of your ${tradeIn.deviceInfo}.`,
      `Your transaction number is ${tradeIn.transactionNumber}.`,
      `Estimated value: ${formatMoney(tradeIn.estimatedValue, 'offer', ctx.currency)} (final offer after inspection).`,
      'Our team will confirm your submission and assign an agent to assess your device. Expect an offer within 1-2 business days.',
    ],
    links: [{ label: 'Track your device', href: trackLink(ctx.publicUrl, tradeIn.transactionNumber) }],
  });
}

export function offerEmail(
  tradeIn: EmailTradeIn & { offeredAmount: number; assessmentNotes: string | null },
  token: string,
  ctx: EmailContext,
): OutgoingEmail {
  const amount = formatMoney(tradeIn.offeredAmount, 'offer', ctx.currency);
  return tradeInEmail(tradeIn, 'trade_in_offer', {
    subject: `Your offer for ${tradeIn.transactionNumber}: ${amount}`,
    heading: 'Offer Made',
    paragraphs: [
      `Our agent assessed your ${tradeIn.deviceInfo} and offers ${amount}.`,
      ...(tradeIn.assessmentNotes ? [`Agent's notes: ${tradeIn.assessmentNotes}`] : []),
      'Accept the offer and give the bank account to pay, or decline it and we return your device. The links below are yours alone: do not share them.',
    ],
    links: [
      { label: 'Accept Offer', href: trackLink(ctx.publicUrl, tradeIn.transactionNumber, { token, answer: 'accept' }) },
      {
        label: 'Decline Offer',
        href: trackLink(ctx.publicUrl, tradeIn.transactionNumber, { token, answer: 'decline' }),
      },
    ],
    containsSecret: true,
  });
}

/** Any other move: the new status and what it means, with the tracking link. */
export function statusEmail(
  tradeIn: EmailTradeIn,
  status: string,
  description: string,
  ctx: EmailContext,
  extra: string[] = [],
): OutgoingEmail {
  return tradeInEmail(tradeIn, `trade_in_${status.toLowerCase().replaceAll(' ', '_')}`, {
    subject: `${tradeIn.transactionNumber}: ${status}`,
    heading: status,
    paragraphs: [`Your ${tradeIn.deviceInfo} (${tradeIn.transactionNumber}): ${description}.`, ...extra],
    links: [{ label: 'Track your device', href: trackLink(ctx.publicUrl, tradeIn.transactionNumber) }],
  });
}
