import { formatDateTime, STORE_TIME_NAME } from '../../../shared/dates';
import { formatMoney, type Currency } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { OFFER_LINK_DAYS, type LinkStatus } from '../../../shared/trade-ins';
import { headedEmail, linkHtml } from '../../lib/email-layout';
import type { OutgoingEmail } from '../mail';

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

/**
 * One email about a trade-in: a heading, paragraphs, optional links, the store's footer; HTML and text.
 * It goes to the seller's contact address unless `to` names a member of staff.
 */
function tradeInEmail(
  tradeIn: EmailTradeIn,
  kind: string,
  {
    subject,
    heading,
    paragraphs,
    links,
    containsSecret = false,
    to = tradeIn.customerEmail,
    dedupeKey,
  }: {
    subject: string;
    heading: string;
    paragraphs: string[];
    links: { label: string; href: string }[];
    containsSecret?: boolean;
    to?: string;
    dedupeKey?: string;
  },
): OutgoingEmail {
  const { text, html } = headedEmail(heading, paragraphs, {
    text: links.map((l) => `${l.label}: ${l.href}`),
    html: [links.map((l) => linkHtml(l.label, l.href)).join('\n')],
  });
  return {
    kind,
    to,
    subject,
    dedupeKey,
    html,
    text,
    containsSecret,
    entity: { type: 'trade_in', id: tradeIn.transactionNumber },
  };
}

/** The confirmation of a submission: `deviceInfo` names the device by the form's lists alone (listedDevice). */
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

/**
 * A revised offer (before the seller answered): the new amount, and new links, since the earlier
 * email's no longer work.
 */
export function revisedOfferEmail(
  tradeIn: EmailTradeIn & { offeredAmount: number; previousAmount: number; assessmentNotes: string | null },
  token: string,
  ctx: EmailContext,
): OutgoingEmail {
  const amount = formatMoney(tradeIn.offeredAmount, 'offer', ctx.currency);
  const previous = formatMoney(tradeIn.previousAmount, 'offer', ctx.currency);
  return tradeInEmail(tradeIn, 'trade_in_offer_revised', {
    subject: `Your revised offer for ${tradeIn.transactionNumber}: ${amount}`,
    heading: 'Offer Revised',
    paragraphs: [
      `Our agent revised the offer for your ${tradeIn.deviceInfo} from ${previous} to ${amount}.`,
      ...(tradeIn.assessmentNotes ? [`Agent's notes: ${tradeIn.assessmentNotes}`] : []),
      'The links of our earlier offer email no longer work: use the ones below to accept or decline this offer.',
      LINK_WARNING,
    ],
    links: sellerLinks(ctx, tradeIn.transactionNumber, token, 'Offer Made'),
    containsSecret: true,
  });
}

/**
 * 'Email me a new link': the links of the trade-in's state. The live link again (`same`: the earlier
 * email's links still work), or, when none was live, a new one.
 */
export function newLinkEmail(
  tradeIn: EmailTradeIn & { status: LinkStatus },
  link: { token: string; same: boolean; expiresAt: Date },
  ctx: EmailContext,
) {
  const until = `It works until ${formatDateTime(link.expiresAt)} (${STORE_TIME_NAME}).`;
  return tradeInEmail(tradeIn, 'trade_in_link', {
    subject: `Your link for ${tradeIn.transactionNumber}`,
    heading: 'Your link',
    paragraphs: [
      link.same
        ? `You asked for the link to your ${tradeIn.deviceInfo} (${tradeIn.transactionNumber}). It is the same link as in our earlier email, which still works. ${until}`
        : `You asked for a new link to your ${tradeIn.deviceInfo} (${tradeIn.transactionNumber}). Any link we sent before no longer works. ${until}`,
      tradeIn.status === 'Offer Made'
        ? 'Use it to accept the offer and give the bank account to pay, or to decline it.'
        : 'Use it to change the bank account we pay into before we pay.',
      LINK_WARNING,
      'If you did not ask for it, you can ignore this email: the link was sent to you alone.',
    ],
    links: sellerLinks(ctx, tradeIn.transactionNumber, link.token, tradeIn.status),
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

// ---------------------------------------------------------------------------------------------
// Staff notices: the agent given or relieved of a trade-in, the admin told of a new one. They name
// the device and the number, never the seller's contact details (decision 031).
// ---------------------------------------------------------------------------------------------

interface StaffMember {
  id: string;
  name: string;
  email: string;
}

/** To the agent a trade-in was given to; `at` tells one assignment from a later one to the same agent. */
export function agentAssignedEmail(tradeIn: EmailTradeIn, agent: StaffMember, at: Date, ctx: EmailContext) {
  return tradeInEmail(tradeIn, 'trade_in_agent_assigned', {
    to: agent.email,
    dedupeKey: `trade-in-agent-assigned:${tradeIn.transactionNumber}:${agent.id}:${at.toISOString()}`,
    subject: `Trade-in assigned to you: ${tradeIn.transactionNumber}`,
    heading: 'Trade-in assigned to you',
    paragraphs: [
      `Hi ${agent.name}, the ${tradeIn.deviceInfo} of ${tradeIn.transactionNumber} is now yours to assess and offer on.`,
    ],
    links: [{ label: 'Open your dashboard', href: pageUrl(ctx.publicUrl, paths.agentDashboard) }],
  });
}

/** To the agent a trade-in was taken from (given to someone else), so they do not go on working on it. */
export function agentUnassignedEmail(tradeIn: EmailTradeIn, agent: StaffMember, at: Date, ctx: EmailContext) {
  return tradeInEmail(tradeIn, 'trade_in_agent_unassigned', {
    to: agent.email,
    dedupeKey: `trade-in-agent-unassigned:${tradeIn.transactionNumber}:${agent.id}:${at.toISOString()}`,
    subject: `Trade-in taken off your list: ${tradeIn.transactionNumber}`,
    heading: 'Trade-in reassigned',
    paragraphs: [
      `Hi ${agent.name}, the ${tradeIn.deviceInfo} of ${tradeIn.transactionNumber} was given to another agent. You need do nothing more on it.`,
    ],
    links: [{ label: 'Open your dashboard', href: pageUrl(ctx.publicUrl, paths.agentDashboard) }],
  });
}

/** To the admin's notify address (ADMIN_NOTIFY_EMAIL), once per new trade-in. */
export function adminNewTradeInEmail(
  tradeIn: EmailTradeIn & { estimatedValue: number },
  to: string,
  ctx: EmailContext,
): OutgoingEmail {
  const estimate = formatMoney(tradeIn.estimatedValue, 'offer', ctx.currency);
  return tradeInEmail(tradeIn, 'trade_in_admin_new', {
    to,
    dedupeKey: `trade-in-admin-new:${tradeIn.transactionNumber}`,
    subject: `New trade-in ${tradeIn.transactionNumber}: ${tradeIn.deviceInfo}`,
    heading: 'New trade-in to confirm',
    paragraphs: [
      `${tradeIn.transactionNumber}: ${tradeIn.deviceInfo}, estimated at ${estimate}, waits for confirmation.`,
    ],
    links: [
      { label: 'Open the trade-in', href: pageUrl(ctx.publicUrl, paths.adminTradeIn(tradeIn.transactionNumber)) },
    ],
  });
}

/** Another agent took the trade-in over (the admin reassigned it, or its agent was deactivated): who now handles it. */
export function agentChangedEmail(
  tradeIn: EmailTradeIn,
  change: { agentFirstName: string; dedupeKey: string },
  ctx: EmailContext,
): OutgoingEmail {
  return {
    ...tradeInEmail(tradeIn, 'trade_in_agent_changed', {
      subject: `${tradeIn.transactionNumber}: a new agent is handling your trade-in`,
      heading: 'A new agent is handling your trade-in',
      paragraphs: [
        `Your ${tradeIn.deviceInfo} (${tradeIn.transactionNumber}) is now with ${change.agentFirstName}, another of our agents. Nothing else changes: your trade-in carries on where it was.`,
      ],
      links: [{ label: 'Track your device', href: trackLink(ctx.publicUrl, tradeIn.transactionNumber) }],
    }),
    dedupeKey: change.dedupeKey,
  };
}
