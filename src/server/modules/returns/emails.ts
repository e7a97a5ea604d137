import { formatPickupDate } from '../../../shared/repair-calendar';
import {
  RETURN_KIND_LABELS,
  RETURN_STATUS_DESCRIPTIONS,
  RETURN_STATUS_LABELS,
  type ReturnKind,
  type ReturnStatus,
} from '../../../shared/return-moves';
import { formatMinor } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { POLICIES } from '../../../shared/store';
import { headedEmail, linkHtml } from '../../lib/email-layout';
import type { OutgoingEmail } from '../mail';
import type { ReturnRow } from './records';

/*
 * A request's emails: the customer's at every step, the admin's for each new request, the agent's
 * when a collection is given or taken away. The customer's address is the order's (or the
 * repair's), which nobody proved by opening a request: those emails carry nothing the requester
 * typed (decision 042), only the store's own words, the number and the dates.
 */

const entity = (row: Pick<ReturnRow, 'returnNumber'>) => ({ type: 'return_request', id: row.returnNumber });
const kindOf = (row: Pick<ReturnRow, 'kind'>) => RETURN_KIND_LABELS[row.kind as ReturnKind];
const slot = (row: Pick<ReturnRow, 'pickupDate' | 'pickupTime'>) =>
  `${formatPickupDate(row.pickupDate)} at ${row.pickupTime}`;

function trackLink(publicUrl: string, number: string) {
  const href = `${publicUrl}${paths.trackNumber(number)}`;
  return { text: [`Track it: ${href}`], html: [linkHtml('Track your request', href)] };
}

/** What each status adds to the customer's email, beyond its standard line. */
function stepLines(row: ReturnRow, status: ReturnStatus, extra: { amount?: number; currency?: string }) {
  switch (status) {
    case 'requested':
      return [
        `We will collect the device on ${slot(row)} at the address you gave.`,
        'Our team reviews every request within 1-2 business days; we will email you the decision.',
      ];
    case 'declined':
      return [`Reason: ${row.declineReason ?? ''}`, 'Reply to this email if you would like to talk it through.'];
    case 'collection_scheduled':
      return [`Our agent will collect the device on ${slot(row)}. Please have it ready, packed if you can.`];
    case 'refunded':
      return [
        `We have refunded ${formatMinor(extra.amount ?? 0, extra.currency ?? 'NGN')}.`,
        `It reaches the card you paid with in ${POLICIES.refundCardDays} business days (${POLICIES.refundBankDays} for a bank transfer).`,
      ];
    case 'repaired':
      return [`Repair job ${row.repairJobNumber ?? ''} is open at no charge; we will email you as it moves on.`];
    case 'replaced':
      return [`Replacement order ${row.replacementOrderNumber ?? ''} ships at no charge; we will email its tracking.`];
    case 'returned_to_customer':
      return ['Our agent brings the device back to you at the collection address.'];
    default:
      return [];
  }
}

/** The customer's email when their request reaches `status`. */
export function renderReturnStepEmail(
  row: ReturnRow,
  status: ReturnStatus,
  publicUrl: string,
  extra: { amount?: number; currency?: string } = {},
): OutgoingEmail {
  const kind = kindOf(row);
  const heading =
    status === 'requested'
      ? `${kind} ${row.returnNumber} received`
      : `${kind} ${row.returnNumber}: ${RETURN_STATUS_LABELS[status]}`;
  const { text, html } = headedEmail(
    heading,
    [
      `Hi ${row.customerName.split(' ')[0] || 'there'},`,
      `${RETURN_STATUS_DESCRIPTIONS[status]}.`,
      ...(row.orderNumber ? [`Order: ${row.orderNumber}`] : row.repairNumber ? [`Repair: ${row.repairNumber}`] : []),
      ...stepLines(row, status, extra),
    ],
    trackLink(publicUrl, row.returnNumber),
  );
  return {
    kind: 'return_status',
    to: row.customerEmail,
    subject: `${kind} ${row.returnNumber}: ${RETURN_STATUS_LABELS[status]}`,
    html,
    text,
    dedupeKey: `return-status:${row.returnNumber}:${status}:${row.updatedAt.getTime()}`,
    entity: entity(row),
  };
}

/** The admin's notice of a new request, at ADMIN_NOTIFY_EMAIL. */
export function renderAdminNewReturnEmail(row: ReturnRow, to: string, units: number, publicUrl: string): OutgoingEmail {
  const href = `${publicUrl}${paths.admin}?tab=returns&q=${encodeURIComponent(row.returnNumber)}`;
  const { text, html } = headedEmail(
    `New ${kindOf(row).toLowerCase()}: ${row.returnNumber}`,
    [
      `${row.customerName} (${row.customerEmail}) opened ${row.returnNumber}.`,
      row.orderNumber
        ? `Order ${row.orderNumber}, ${units} unit${units === 1 ? '' : 's'}.`
        : `Repair ${row.repairNumber}.`,
      `Collection asked for ${slot(row)}.`,
    ],
    { text: [`Review it: ${href}`], html: [linkHtml('Review it in the Returns tab', href)] },
  );
  return {
    kind: 'admin_new_return',
    to,
    subject: `New ${kindOf(row).toLowerCase()} ${row.returnNumber}`,
    html,
    text,
    dedupeKey: `admin-new-return:${row.returnNumber}`,
    entity: entity(row),
  };
}

/** The agent's email when a collection is given to them, or taken away. */
export function renderAgentCollectionEmail(
  row: ReturnRow,
  agent: { email: string; firstName: string },
  change: 'assigned' | 'taken_away',
  publicUrl: string,
): OutgoingEmail {
  const href = `${publicUrl}${paths.agentDashboard}`;
  const assigned = change === 'assigned';
  const { text, html } = headedEmail(
    assigned ? `Collection ${row.returnNumber} is yours` : `Collection ${row.returnNumber} was given to another agent`,
    [
      `Hi ${agent.firstName},`,
      assigned
        ? `Please collect ${kindOf(row).toLowerCase()} ${row.returnNumber} on ${slot(row)}. The address and contact are on your dashboard.`
        : `You no longer need to collect ${row.returnNumber} on ${slot(row)}.`,
    ],
    { text: [`Your dashboard: ${href}`], html: [linkHtml('Open your dashboard', href)] },
  );
  return {
    kind: assigned ? 'agent_collection_assigned' : 'agent_collection_taken_away',
    to: agent.email,
    subject: assigned ? `Collect ${row.returnNumber} on ${slot(row)}` : `${row.returnNumber} is no longer yours`,
    html,
    text,
    dedupeKey: `agent-collection:${row.returnNumber}:${agent.email}:${change}:${row.updatedAt.getTime()}`,
    entity: entity(row),
  };
}
