import { formatPickupDate } from '../../../shared/repair-calendar';
import {
  REPAIR_DEVICE_TYPE_LABELS,
  REPAIR_PREPARATION,
  repairPriceRange,
  type RepairService,
} from '../../../shared/repair-services';
import {
  REPAIR_STATUS_DESCRIPTIONS,
  REPAIR_STATUS_LABELS,
  type RepairBooking,
  type RepairBookingStatus,
} from '../../../shared/repairs';
import { paths } from '../../../shared/paths';
import { headedEmail, linkHtml } from '../../lib/email-layout';
import { escapeHtml } from '../../lib/html';
import type { OutgoingEmail } from '../mail';
import { STORE_TIME_NAME } from '../../../shared/dates';
import { formatPhone } from '../../../shared/phones';

/** One email's text and HTML from the same paragraphs and list, so the two never disagree. */
function render(heading: string, paragraphs: string[], list: { title: string; items: string[] }[], trackUrl: string) {
  return headedEmail(heading, paragraphs, {
    text: [
      ...list.flatMap((l) => [`${l.title}:`, ...l.items.map((item) => `- ${item}`), '']),
      `Track your repair: ${trackUrl}`,
    ],
    html: [
      list
        .map(
          (l) =>
            `<h2 style="font-size:16px">${escapeHtml(l.title)}</h2><ul>${l.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
        )
        .join('\n'),
      linkHtml('Track your repair', trackUrl),
    ],
  });
}

/** A page of the store by its path. */
const storeLink = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

/** The track page with the booking's number filled in and searched. */
const trackLink = (publicUrl: string, bookingNumber: string) => storeLink(publicUrl, paths.trackNumber(bookingNumber));

/** The booking an email is about, for the admin's email log of a record. */
const entityOf = (bookingNumber: string) => ({ type: 'repair_booking', id: bookingNumber });

/**
 * How a customer's email about a booking begins. Nothing the booking form typed (the name, the
 * address) goes to its address: anyone may book with any email, and nobody has proven it.
 */
const GREETING = 'Hello,';

/** The booking confirmation: number, service and its price range, the pickup slot, the agent, what to prepare. */
export function renderRepairConfirmation(
  bookingNumber: string,
  booking: RepairBooking,
  service: RepairService,
  agentFirstName: string,
  publicUrl: string,
): OutgoingEmail {
  const slot = `${formatPickupDate(booking.pickupDate)} at ${booking.pickupTime}`;
  const { text, html } = render(
    'Repair Booked Successfully!',
    [
      GREETING,
      `Your booking number is ${bookingNumber}. ${agentFirstName}, our agent, will pick up your ${REPAIR_DEVICE_TYPE_LABELS[booking.deviceType].toLowerCase()} on ${slot} (${STORE_TIME_NAME}) from the address you gave.`,
    ],
    [
      {
        title: 'Your repair',
        items: [
          `Booking number: ${bookingNumber}`,
          `Service: ${service.name}`,
          `Price range: ${repairPriceRange(service, booking.deviceType)}`,
          `Estimated duration: ${service.duration}`,
          `Warranty: ${service.warranty}`,
          `Pickup: ${slot}`,
          `Agent: ${agentFirstName}`,
        ],
      },
      { title: 'Before the pickup', items: [...REPAIR_PREPARATION] },
    ],
    trackLink(publicUrl, bookingNumber),
  );
  return {
    kind: 'repair_confirmation',
    to: booking.customerDetails.email,
    subject: `Repair booked: ${bookingNumber}`,
    html,
    text,
    dedupeKey: `repair-confirmation:${bookingNumber}`,
    entity: entityOf(bookingNumber),
  };
}

interface BookingOfEmail {
  bookingNumber: string;
  customerName: string;
  customerFirstName: string;
  customerEmail: string;
  serviceName: string;
}

/** The customer's note when their repair moves on: the agent's steps, or a cancelled booking. */
export function renderRepairStatusEmail(
  booking: BookingOfEmail,
  status: RepairBookingStatus,
  publicUrl: string,
  reason?: string,
): OutgoingEmail {
  const { text, html } = render(
    status === 'cancelled' ? 'Your repair booking is cancelled' : `Your repair is ${REPAIR_STATUS_LABELS[status]}`,
    [
      GREETING,
      `${REPAIR_STATUS_DESCRIPTIONS[status]}. Booking ${booking.bookingNumber} (${booking.serviceName}).`,
      ...(reason ? [`Reason: ${reason}`] : []),
      ...(status === 'cancelled'
        ? ['Nobody will come to collect your device. You are welcome to book again at any time.']
        : []),
    ],
    [],
    trackLink(publicUrl, booking.bookingNumber),
  );
  return {
    kind: 'repair_status',
    to: booking.customerEmail,
    subject: `Repair ${booking.bookingNumber}: ${REPAIR_STATUS_LABELS[status]}`,
    html,
    text,
    dedupeKey: `repair-status:${booking.bookingNumber}:${status}`,
    entity: entityOf(booking.bookingNumber),
  };
}

/** A booking as the staff's and the customer's change notes name it. */
export interface PickupOfEmail extends BookingOfEmail {
  /** The device is with us already (picked up, in repair, ready): there is no pickup left to make. */
  collected: boolean;
  customerPhone: string;
  address: string;
  pickupDate: string;
  pickupTime: string;
}

const slotText = (pickup: Pick<PickupOfEmail, 'pickupDate' | 'pickupTime'>) =>
  `${formatPickupDate(pickup.pickupDate)} at ${pickup.pickupTime}`;

/** What an agent needs to collect the device, as a list; without the contact, the customer by first name. */
const pickupItems = (pickup: PickupOfEmail, withContact = true) => [
  `Booking number: ${pickup.bookingNumber}`,
  `Service: ${pickup.serviceName}`,
  `Pickup: ${slotText(pickup)} (${STORE_TIME_NAME})`,
  ...(withContact
    ? [`Customer: ${pickup.customerName}, ${formatPhone(pickup.customerPhone)}`, `Address: ${pickup.address}`]
    : [`Customer: ${pickup.customerFirstName}`]),
];

/** Why an agent is written to about a pickup. */
export type AgentPickupChange =
  | { kind: 'assigned' }
  | { kind: 'taken_away'; to: string }
  | { kind: 'cancelled'; reason?: string }
  | { kind: 'rescheduled'; from: Pick<PickupOfEmail, 'pickupDate' | 'pickupTime'> };

const AGENT_CHANGE_HEADINGS: Record<AgentPickupChange['kind'], string> = {
  assigned: 'A pickup is assigned to you',
  taken_away: 'A pickup was moved to another agent',
  cancelled: 'A pickup was cancelled',
  rescheduled: 'A pickup was rescheduled',
};

function agentChangeLine(pickup: PickupOfEmail, change: AgentPickupChange): string {
  switch (change.kind) {
    case 'assigned':
      return `${pickup.bookingNumber} is now on your pickup list: collect the device on ${slotText(pickup)}.`;
    case 'taken_away':
      return `${pickup.bookingNumber} is no longer yours to collect: it is now ${change.to}'s pickup.`;
    case 'cancelled':
      return `${pickup.bookingNumber} on ${slotText(pickup)} is cancelled: nobody needs to collect the device.`;
    case 'rescheduled':
      return `${pickup.bookingNumber} moved from ${slotText(change.from)} to ${slotText(pickup)}.`;
  }
}

/**
 * The agent's note of a change to their pickups (decision 046): given to them, moved to someone else,
 * cancelled, or moved to another slot. `at` tells two changes of the same kind apart (the dedupe key),
 * so a pickup given, taken and given again writes each time. `withContact`: the booking is still the
 * agent's to collect or return (status-steps.ts says when).
 */
export function renderAgentPickupEmail(
  agent: { firstName: string; email: string },
  pickup: PickupOfEmail,
  change: AgentPickupChange,
  { withContact, publicUrl, at }: { withContact: boolean; publicUrl: string; at: Date },
): OutgoingEmail {
  const heading = AGENT_CHANGE_HEADINGS[change.kind];
  const paragraphs = [
    `Hi ${agent.firstName},`,
    agentChangeLine(pickup, change),
    ...(change.kind === 'cancelled' && change.reason ? [`Reason: ${change.reason}`] : []),
  ];
  const dashboard = storeLink(publicUrl, paths.agentDashboard);
  const { text, html } = headedEmail(heading, paragraphs, {
    text: [
      'The pickup:',
      ...pickupItems(pickup, withContact).map((item) => `- ${item}`),
      '',
      `Your dashboard: ${dashboard}`,
    ],
    html: [
      `<ul>${pickupItems(pickup, withContact)
        .map((item) => `<li>${escapeHtml(item)}</li>`)
        .join('')}</ul>`,
      linkHtml('Open your dashboard', dashboard),
    ],
  });
  return {
    kind: `repair_agent_${change.kind}`,
    to: agent.email,
    subject: `${heading}: ${pickup.bookingNumber}`,
    html,
    text,
    dedupeKey: `repair-agent-${change.kind}:${pickup.bookingNumber}:${agent.email.toLowerCase()}:${at.toISOString()}`,
    entity: entityOf(pickup.bookingNumber),
  };
}

/** The customer's note that their pickup has a new agent or a new slot. */
export function renderPickupChangedEmail(
  pickup: PickupOfEmail,
  change: { agentFirstName: string } | { from: Pick<PickupOfEmail, 'pickupDate' | 'pickupTime'> },
  publicUrl: string,
  at: Date,
): OutgoingEmail {
  const moved = 'from' in change;
  const heading = moved ? 'Your pickup has a new time' : 'Your pickup has a new agent';
  const { text, html } = render(
    heading,
    [
      GREETING,
      moved
        ? `We will now collect your device for ${pickup.bookingNumber} on ${slotText(pickup)} (${STORE_TIME_NAME}), instead of ${slotText(change.from)}.`
        : pickup.collected
          ? `${change.agentFirstName}, another of our agents, now looks after your repair ${pickup.bookingNumber} and will return your device.`
          : `${change.agentFirstName}, another of our agents, will now collect your device for ${pickup.bookingNumber} on ${slotText(pickup)} (${STORE_TIME_NAME}). The time stays as booked.`,
    ],
    [],
    trackLink(publicUrl, pickup.bookingNumber),
  );
  return {
    kind: moved ? 'repair_rescheduled' : 'repair_reassigned',
    to: pickup.customerEmail,
    subject: `Repair ${pickup.bookingNumber}: ${moved ? 'new pickup time' : `your new agent is ${change.agentFirstName}`}`,
    html,
    text,
    dedupeKey: `${moved ? 'repair-rescheduled' : 'repair-reassigned'}:${pickup.bookingNumber}:${at.toISOString()}`,
    entity: entityOf(pickup.bookingNumber),
  };
}

/** The admin's note of a new booking (ADMIN_NOTIFY_EMAIL): one per booking. */
export function renderAdminNewRepairEmail(
  to: string,
  pickup: PickupOfEmail & { agentName: string },
  publicUrl: string,
): OutgoingEmail {
  const repairs = storeLink(publicUrl, `${paths.admin}?tab=repairs&q=${encodeURIComponent(pickup.bookingNumber)}`);
  const items = [...pickupItems(pickup), `Customer email: ${pickup.customerEmail}`, `Agent: ${pickup.agentName}`];
  const { text, html } = headedEmail('New repair booking', [`${pickup.customerName} booked ${pickup.bookingNumber}.`], {
    text: [...items.map((item) => `- ${item}`), '', `Open it in the Repairs tab: ${repairs}`],
    html: [
      `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      linkHtml('Open it in the Repairs tab', repairs),
    ],
  });
  return {
    kind: 'admin_new_repair',
    to,
    subject: `New repair booking: ${pickup.bookingNumber}`,
    html,
    text,
    dedupeKey: `admin-new-repair:${pickup.bookingNumber}`,
    entity: entityOf(pickup.bookingNumber),
  };
}
