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
import type { OutgoingEmail } from '../mail/outbox';

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

/** The track page with the booking's number filled in and searched. */
const trackLink = (publicUrl: string, bookingNumber: string) =>
  `${publicUrl.replace(/\/+$/, '')}${paths.trackNumber(bookingNumber)}`;

/** The booking an email is about, for the admin's email log of a record. */
const entityOf = (bookingNumber: string) => ({ type: 'repair_booking', id: bookingNumber });

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
      `Hi ${booking.customerDetails.name},`,
      `Your booking number is ${bookingNumber}. ${agentFirstName}, our agent, will pick up your ${REPAIR_DEVICE_TYPE_LABELS[booking.deviceType].toLowerCase()} on ${slot} (Cape Town time) from ${booking.customerDetails.address}.`,
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
  customerEmail: string;
  serviceName: string;
}

/** The customer's note when their repair moves on: the agent's steps, or a cancelled booking. */
export function renderRepairStatusEmail(
  booking: BookingOfEmail,
  status: RepairBookingStatus,
  publicUrl: string,
): OutgoingEmail {
  const { text, html } = render(
    status === 'cancelled' ? 'Your repair booking is cancelled' : `Your repair is ${REPAIR_STATUS_LABELS[status]}`,
    [
      `Hi ${booking.customerName},`,
      `${REPAIR_STATUS_DESCRIPTIONS[status]}. Booking ${booking.bookingNumber} (${booking.serviceName}).`,
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

/** Another agent took the booking over (its agent was deactivated): who now collects or returns the device. */
export function renderPickupAgentChanged(
  booking: BookingOfEmail & { status: RepairBookingStatus; pickupDate: string; pickupTime: string },
  change: { agentFirstName: string; dedupeKey: string },
  publicUrl: string,
): OutgoingEmail {
  const next =
    booking.status === 'booked'
      ? `${change.agentFirstName}, another of our agents, will now pick up your device on ${formatPickupDate(booking.pickupDate)} at ${booking.pickupTime} (Cape Town time). The time stays as booked.`
      : `${change.agentFirstName}, another of our agents, now looks after your repair and will return your device.`;
  const { text, html } = render(
    'Your repair has a new agent',
    [`Hi ${booking.customerName},`, `Booking ${booking.bookingNumber} (${booking.serviceName}): ${next}`],
    [],
    trackLink(publicUrl, booking.bookingNumber),
  );
  return {
    kind: 'repair_agent_changed',
    to: booking.customerEmail,
    subject: `Repair ${booking.bookingNumber}: your new agent is ${change.agentFirstName}`,
    html,
    text,
    dedupeKey: change.dedupeKey,
    entity: entityOf(booking.bookingNumber),
  };
}
