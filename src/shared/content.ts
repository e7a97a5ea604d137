import { formatAmount } from './money';
import { paths } from './paths';
import { POLICIES, STORE } from './store';

/**
 * Copy of the static pages that the chat assistant may quote as well: the FAQ and the reviews.
 * Every policy figure comes from POLICIES / STORE, so a change there changes every page.
 */
interface FaqEntry {
  question: string;
  answer: string;
  /** Where the answer's promise is acted on: a return or a claim starts from the order in the account. */
  action?: { label: string; to: string };
}

export interface FaqCategory {
  id: 'buying' | 'selling' | 'repairs' | 'shipping';
  title: string;
  entries: FaqEntry[];
}

const s = POLICIES.shipping;
const paymentMethods = `${POLICIES.paymentMethods.slice(0, -1).join(', ')} and ${POLICIES.paymentMethods.at(-1)}`;

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'buying',
    title: 'Buying',
    entries: [
      {
        question: 'Are your pre-owned devices reliable?',
        answer:
          'Yes. Every device is inspected and tested by our technicians, graded by condition (Excellent, Good or Fair) ' +
          `and sold with a ${POLICIES.deviceWarrantyMonths}-month warranty.`,
      },
      {
        question: 'What warranty comes with a device I buy?',
        answer:
          `Every device carries a ${POLICIES.deviceWarrantyMonths}-month warranty against hardware faults under normal use. ` +
          `If a battery's capacity drops below ${POLICIES.batteryReplacementThresholdPercent}% during the warranty, we replace it. ` +
          'Claim it from the order in your account, or from the link in your order email.',
        action: { label: 'Make a warranty claim', to: paths.account },
      },
      {
        question: 'Which payment methods do you accept?',
        answer: `We accept ${paymentMethods}. Payments are processed by our payment provider; we never store card numbers.`,
      },
      {
        question: 'Do I need an account to buy?',
        answer:
          'No. You can check out as a guest. An account lets you see your orders and save your details for next time.',
      },
      {
        question: 'Can I return a device?',
        answer:
          `Yes, within ${POLICIES.returnDays} days of delivery. Refunds reach you in ${POLICIES.refundCardDays} business days ` +
          `by card and ${POLICIES.refundBankDays} business days by bank transfer. Start it from the order in your ` +
          'account, or from the link in your order email; our agent collects the device.',
        action: { label: 'Start a return', to: paths.account },
      },
    ],
  },
  {
    id: 'selling',
    title: 'Selling',
    entries: [
      {
        question: 'How do I sell my device?',
        answer:
          'Fill in the device details on the Sell page and get an instant quote. You receive a transaction number to ' +
          'track your device, and an agent collects it from your doorstep.',
      },
      {
        question: 'How long does the assessment take?',
        answer: `Our agents inspect your device within ${POLICIES.saleInspectionDays} business days and then make you an offer.`,
      },
      {
        question: 'When do I get paid?',
        answer: `Once you accept the offer and the device is approved, we pay you within ${POLICIES.salePaymentHours} hours.`,
      },
      {
        question: 'Which devices can I sell?',
        answer: 'Phones, laptops, tablets and TVs from the major brands, in any condition from like new to damaged.',
      },
    ],
  },
  {
    id: 'repairs',
    title: 'Repairs',
    entries: [
      {
        question: 'How long do repairs take?',
        answer:
          `Most repairs take ${POLICIES.repairDays} business days; complex repairs can take up to ${POLICIES.complexRepairDays} ` +
          'business days. Quick fixes such as screens and batteries are often done within hours.',
      },
      {
        question: 'Is there a warranty on repairs?',
        answer:
          `Yes. Every repair carries a ${POLICIES.repairWarrantyDays}-day warranty on the work and the parts we fitted. ` +
          'Claim it from the repair in your account (Repairs).',
        action: { label: 'Make a warranty claim', to: paths.account },
      },
      {
        question: 'Do you collect my device for repair?',
        answer:
          'Yes. Book a repair online, pick a date and time, and an agent is assigned to pick up your device and bring it back.',
      },
      {
        question: 'Which repairs do you offer?',
        answer:
          'Screen repair, battery replacement, water damage, charging ports, software issues, motherboard repair, ' +
          'password and network unlocking, and phone glitching, for phones and laptops.',
      },
    ],
  },
  {
    id: 'shipping',
    title: 'Shipping',
    entries: [
      {
        question: 'How much does shipping cost?',
        answer:
          `Standard shipping is R${s.standardPrice} for orders under R${s.standardFreeOver} and free over R${s.standardFreeOver} ` +
          `(${s.standardDays} business days). Express shipping is R${s.expressMajorCities} to major cities and ` +
          `R${s.expressElsewhere} elsewhere (${s.expressDays} business days).`,
      },
      {
        question: 'Do you ship outside South Africa?',
        answer: `No. We ship only within ${STORE.country}.`,
      },
      {
        question: 'Is delivery ever free?',
        answer: `Yes. Delivery is free nationwide on orders above R${formatAmount(STORE.freeDeliveryThreshold)}.`,
      },
      {
        question: 'How do I track my order?',
        answer:
          'Enter your order or transaction number on the Track Orders page to see its status. We also email you at each step.',
      },
    ],
  },
];

interface Review {
  name: string;
  /** ISO date. */
  date: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
}

export const REVIEWS: Review[] = [
  {
    name: 'Thandiwe Mokoena',
    date: '2026-09-14',
    rating: 5,
    comment:
      'Bought a refurbished MacBook Air and it arrived looking brand new, two days after I ordered. The warranty gave me real peace of mind.',
  },
  {
    name: 'Pieter van der Merwe',
    date: '2026-08-27',
    rating: 5,
    comment:
      'Sold my old Galaxy in under a week. The agent collected it from my door, the offer was fair and the money was in my account the next day.',
  },
  {
    name: 'Aisha Patel',
    date: '2026-07-03',
    rating: 4,
    comment:
      'My iPhone screen was replaced the same afternoon and it works perfectly. Friendly support team; pickup was just a little later than booked.',
  },
];
