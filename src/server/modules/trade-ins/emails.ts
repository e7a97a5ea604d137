import { formatMoney, type Currency } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { OFFER_LINK_DAYS, type LinkStatus } from '../../../shared/trade-ins';
import { headedEmail, linkHtml } from '../../lib/email-layout';
import type { OutgoingEmail } from '../mail/outbox';

interface EmailTradeIn {
  transactionNumber: string;
  customerEmail: string;
  deviceInfo: string;
}

export interface EmailContext {
  publicUrl: string;
  currency: Currency;
}

/** The track page with the number filled in and searched. */
export function trackLink(publicUrl: string, number: string): string {
  const query = new URLSearchParams({ number });
  return `${pageUrl(publicUrl, paths.track)}?${query.toString()}`;
}

const pageUrl = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

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

/**
 * The links that act for the seller: answer the offer, or change where it is paid. The token rides in
 * the fragment, which the browser never sends to a server, so no address or log line carries it.
 */
function sellerLinks(ctx: EmailContext, number: string, token: string, status: LinkStatus) {
  const link = (label: string, answer: string) => ({
    label,
    href: `${trackLink(ctx.publicUrl, number)}#${new URLSearchParams({ token, answer }).toString()}`,
  });
  return status === 'Offer Made'
    ? [link('Accept Offer', 'accept'), link('Decline Offer', 'decline')]
    : [link('Change payout account', 'payout')];
}

const LINK_WARNING = `The links below are yours alone: do not share them. They work for ${OFFER_LINK_DAYS} days, and only the newest link we sent works; the tracking page can email you a new one.`;

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
      'Accept the offer and give the bank account to pay, or decline it and we return your device.',
      LINK_WARNING,
    ],
    links: sellerLinks(ctx, tradeIn.transactionNumber, token, 'Offer Made'),
    containsSecret: true,
  });
}

/** 'Email me a new link': the links of the trade-in's state, replacing any sent before. */
export function newLinkEmail(tradeIn: EmailTradeIn & { status: LinkStatus }, token: string, ctx: EmailContext) {
  return tradeInEmail(tradeIn, 'trade_in_link', {
    subject: `Your new link for ${tradeIn.transactionNumber}`,
    heading: 'Your new link',
    paragraphs: [
      `You asked for a new link to your ${tradeIn.deviceInfo} (${tradeIn.transactionNumber}). Any link we sent before no longer works.`,
      tradeIn.status === 'Offer Made'
        ? 'Use it to accept the offer and give the bank account to pay, or to decline it.'
        : 'Use it to change the bank account we pay into before we pay.',
      LINK_WARNING,
      'If you did not ask for it, you can ignore this email: the link was sent to you alone.',
    ],
    links: sellerLinks(ctx, tradeIn.transactionNumber, token, tradeIn.status),
    containsSecret: true,
  });
}

/** Sent to the contact address whenever the payout account changes, so a change the seller did not make is seen. */
export function payoutChangedEmail(
  tradeIn: EmailTradeIn & { bankName: string; accountEnding: string },
  ctx: EmailContext,
): OutgoingEmail {
  return tradeInEmail(tradeIn, 'trade_in_payout_changed', {
    subject: `${tradeIn.transactionNumber}: payout account changed`,
    heading: 'Payout account changed',
    paragraphs: [
      `The payout for your ${tradeIn.deviceInfo} (${tradeIn.transactionNumber}): your payout account was changed to ${tradeIn.bankName} ending ${tradeIn.accountEnding}.`,
      'If you did not make this change, contact us at once, before we pay.',
    ],
    links: [
      { label: 'Track your device', href: trackLink(ctx.publicUrl, tradeIn.transactionNumber) },
      { label: 'Contact us', href: pageUrl(ctx.publicUrl, paths.contact) },
    ],
  });
}

/** The lines the 'Paid' status email adds: what was paid, into which account, under which reference. */
export function payoutSentLines(
  amount: number,
  payoutReference: string,
  account: { bankName: string; accountEnding: string } | null,
  ctx: EmailContext,
): string[] {
  const into = account ? ` into your ${account.bankName} account ending ${account.accountEnding}` : '';
  return [
    `We paid ${formatMoney(amount, 'offer', ctx.currency)}${into}.`,
    `Payout reference: ${payoutReference}. Your bank statement shows it; quote it if you contact us about this payment.`,
  ];
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
