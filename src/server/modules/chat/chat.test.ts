import { beforeAll, describe, expect, it } from 'vitest';
import { devices, orderItems, orders, tradeIns } from '../../db/schema';
import { insertDevices } from '../../../../tests/support/devices';
import { expectFieldError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { formatDate } from '../../../shared/dates';
import { pickupDates, upcomingSlots } from '../../../shared/repair-calendar';
import { createAgent } from '../../../../tests/support/accounts';
import { repairForm } from '../../../../tests/support/repair-form';
import { withArticle } from './built-in';

const t = useTestApp();

// Every question comes from its own address, so the per-address rate limit only bites where a test means it to.
let nextAddress = 0;
function freshAddress(): string {
  nextAddress += 1;
  return `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

async function ask(message: unknown, options: { context?: unknown; address?: string } = {}) {
  const body: Record<string, unknown> = { message };
  if (options.context !== undefined) body.context = options.context;
  return send(t.app, 'POST', '/api/chat', {
    body,
    headers: { 'x-forwarded-for': options.address ?? freshAddress() },
  });
}

async function answer(message: string): Promise<string> {
  const res = await ask(message);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { response: string };
  expect(typeof body.response).toBe('string');
  return body.response;
}

const PERSONAL = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  customerName: 'Thandi Nkosi',
  customerEmail: 'thandi.nkosi@example.co.za',
  customerPhone: '+27 82 111 2222',
  street: '14 Kloof Street',
  address: '7 Long Street, Gardens, Cape Town',
};

function expectNoPersonalData(text: string) {
  for (const value of [
    PERSONAL.firstName,
    PERSONAL.lastName,
    PERSONAL.customerEmail,
    PERSONAL.customerPhone,
    PERSONAL.street,
    PERSONAL.address,
    'Gardens',
    'Kloof',
  ]) {
    expect(text).not.toContain(value);
  }
}

/** A question a shopper asks, what the answer must say and, where it matters, what it must not. */
interface Exchange {
  name: string;
  question: string;
  says: string[];
  lacks?: string[];
}

/** Each exchange as a test of its own. */
const itAnswers = (exchanges: Exchange[]) =>
  it.each(exchanges)('$name', async ({ question, says, lacks = [] }) => {
    const text = await answer(question);
    for (const part of says) expect(text).toContain(part);
    for (const part of lacks) expect(text).not.toContain(part);
  });

describe('POST /api/chat: the store topics', () => {
  itAnswers([
    {
      name: 'answers the return policy with its days, refund times and the returns link',
      question: 'What is your return policy?',
      says: [
        'within 14 days',
        '3-5 business days by card',
        '1-2 business days by bank transfer',
        '[Returns policy](/returns)',
      ],
    },
    {
      name: 'answers shipping with both rates, their times, South Africa only and the shipping link',
      question: 'What are your shipping details?',
      says: [
        'R99 on orders under R500, free over R500; 3-5 days',
        'R149 to major cities, R199 elsewhere; 1-2 days',
        'South Africa only',
        '(/shipping)',
      ],
    },
    {
      name: 'answers the warranty for devices, repairs and batteries with the warranty link',
      question: 'Do your devices have a warranty?',
      says: ['6-month warranty', '90-day warranty', 'below 80%', '[Warranty](/warranty)'],
    },
    {
      name: 'lists the payment methods',
      question: 'Which payment methods do you accept?',
      says: ['Credit and debit cards, EFT and SnapScan'],
    },
    {
      name: 'gives the business hours of every day with the contact link',
      question: 'What are your opening hours?',
      says: ['Monday - Friday: 8:00 - 18:00', 'Saturday: 9:00 - 16:00', 'Sunday: 9:00 - 14:00', '(/contact)'],
    },
    {
      name: 'gives the contact details with the contact link',
      question: 'What is your contact info?',
      says: [
        'support@quickbuy.co.za',
        '+27 21 555 0123',
        '12 Bree Street',
        'within 24 hours',
        '[Contact page](/contact)',
      ],
    },
    {
      name: 'gives the price table of all nine repair services with the repairs link',
      question: 'Tell me about your repairs',
      says: [
        '**Screen Repair:** R350-R1,200 / R800-R2,500 (2-4 hours, 3 months warranty)',
        '**Battery Replacement:** R200-R600 / R500-R1,500',
        '**Water Damage:** R400-R1,500 / R800-R3,000',
        '**Charging Port:** R250-R450 / R400-R800',
        '**Software Issues:** R150-R400 / R200-R600',
        '**Motherboard Repair:** R600-R2,000 / R1,000-R4,000',
        '**Unlock Password:** R200-R400 / R300-R600',
        '**Unlock Network:** R150-R350 / not for laptops (30 mins-2 hours, permanent warranty)',
        '**Phone Glitching:** R200-R500 / R300-R700',
        '[Repairs page](/repairs)',
      ],
    },
    {
      name: 'answers one named repair service with just its line',
      question: 'How much to fix a cracked screen?',
      says: ['**Screen Repair:** R350-R1,200 / R800-R2,500', '(/repairs)'],
      lacks: ['Battery Replacement'],
    },
    {
      name: 'explains selling: the quote, inspection in 1-2 business days, payment within 24 hours, with the sell link',
      question: 'How do I sell my phone?',
      says: [
        'instant quote',
        'within 1-2 business days',
        'paid within 24 hours',
        '[Sell Your Device](/sell)',
        '[Track Orders](/track)',
      ],
    },
    {
      name: 'explains tracking with the track link',
      question: 'Track my order',
      says: ['order number', 'transaction number', '[Track Orders](/track)'],
    },
    {
      name: 'points to the FAQ',
      question: 'Do you have an FAQ?',
      says: ['[FAQ](/faq)'],
    },
    {
      name: 'answers two topics asked together',
      question: 'What are your shipping and return policies?',
      says: ['(/returns)', '(/shipping)'],
    },
    {
      name: 'says plainly it does not know an unknown question and points to the contact page',
      question: 'What is the airspeed velocity of an unladen swallow?',
      says: ["I don't know", '[Contact us](/contact)'],
    },
  ]);

  it('gives the same answer to the same question every time', async () => {
    expect(await answer('What is your return policy?')).toBe(await answer('What is your return policy?'));
  });
});

describe('POST /api/chat: order and transaction status', () => {
  let deviceId: string;
  beforeAll(async () => {
    const [device] = await t.db
      .insert(devices)
      .values({
        name: 'Apple iPhone 12',
        brand: 'Apple',
        type: 'phone',
        model: 'iPhone 12',
        condition: 'Good',
        price: 7999,
      })
      .returning({ id: devices.id });
    deviceId = device!.id;
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNumber: 'ORD-2026-482913',
        firstName: PERSONAL.firstName,
        lastName: PERSONAL.lastName,
        customerName: PERSONAL.customerName,
        customerEmail: PERSONAL.customerEmail,
        customerPhone: PERSONAL.customerPhone,
        shippingAddress: {
          street: PERSONAL.street,
          city: 'Cape Town',
          state: 'Western Cape',
          zipCode: '8001',
          country: 'South Africa',
        },
        totalAmount: 15998,
        currency: 'NGN',
        status: 'shipped',
        paymentStatus: 'paid',
        paymentReference: 'QB-REF-CHAT-1',
        accessTokenHash: 'x'.repeat(64),
        createdAt: new Date('2026-11-20T09:30:00Z'),
      })
      .returning({ id: orders.id });
    await t.db.insert(orderItems).values({
      orderId: order!.id,
      deviceId,
      name: 'Apple iPhone 12',
      price: 7999,
      quantity: 2,
      condition: 'Good',
      storage: '128GB',
    });
    await t.db.insert(tradeIns).values({
      transactionNumber: 'TXN1763800000000123',
      customerName: PERSONAL.customerName,
      customerEmail: PERSONAL.customerEmail,
      customerPhone: PERSONAL.customerPhone,
      address: PERSONAL.address,
      deviceType: 'laptop',
      brand: 'Dell',
      model: 'XPS 13',
      condition: 'good',
      isOwner: true,
      status: 'Offer Made',
      estimatedValue: 9000,
      offeredAmount: 8500,
      updatedAt: new Date('2026-11-21T12:00:00Z'),
    });
  });

  it('gives an order its status only: no payment, date, item count or anything personal', async () => {
    const text = await answer("Hi, where's my order ORD-2026-482913?");
    expect(text).toContain('Order **ORD-2026-482913** is currently **Shipped**.');
    expect(text).not.toMatch(/paid|20 November|2 items/);
    expectNoPersonalData(text);
    expect(text).not.toContain('15998');
    expect(text).not.toContain('15,998');
  });

  it('reads an order number typed in lower case', async () => {
    const text = await answer('ord-2026-482913');
    expect(text).toContain('**Shipped**');
  });

  it('says it could not find an unknown order number', async () => {
    const text = await answer('Status of ORD-2026-000001 please');
    expect(text).toContain("I couldn't find an order with that number");
    expect(text).toContain('(/contact)');
  });

  it('gives a transaction its device, status and description with the track link, and nothing personal', async () => {
    const text = await answer('What is happening with TXN1763800000000123?');
    expect(text).toContain('Transaction **TXN1763800000000123** (Dell XPS 13) is at **Offer Made**');
    expect(text).toContain('Offer submitted and awaiting customer response');
    expect(text).toContain('Last updated 21 Nov 2026');
    expect(text).toContain('[Track Orders](/track)');
    expectNoPersonalData(text);
  });

  it("answers 'how much will you give me for my iPhone 12?' with the way to a sell quote, not the shop's stock", async () => {
    const text = await answer('How much will you give me for my iPhone 12?');
    expect(text).toContain('**Selling your device:**');
    expect(text).toContain('[Sell Your Device](/sell) and get an instant quote');
    expect(text).not.toContain('/device/');
  });

  it('gives a repair booking its status, as /track shows it to anyone holding its number, and nothing personal', async () => {
    await createAgent(t);
    const now = t.clock.now();
    const [pickupDate] = pickupDates(now);
    const booked = await send(t.app, 'POST', '/api/repairs/bookings', {
      headers: { 'x-forwarded-for': freshAddress() },
      body: {
        ...repairForm({ pickupDate: pickupDate!, pickupTime: upcomingSlots(pickupDate!, now)[0]! }),
        customerDetails: {
          name: PERSONAL.customerName,
          phone: PERSONAL.customerPhone,
          email: PERSONAL.customerEmail,
          address: PERSONAL.address,
        },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const number = booked.json().bookingNumber as string;

    const text = await answer(`Track ${number}`);
    expect(text).toContain(`Repair **${number}** is **Booked** (last step ${formatDate(now.toISOString())}).`);
    expect(text).toContain(`[Track Orders](/track?number=${number})`);
    expect(text).not.toContain('send me your order number');
    expectNoPersonalData(text);
  });

  it('says it could not find an unknown repair or return number, and how their numbers look', async () => {
    expect(await answer('track REP-000000000')).toContain(
      "I couldn't find a repair booking with that number. Please check it (they look like REP-123456789), or [contact us](/contact).",
    );
    expect(await answer('Where is my return RET-000000000?')).toContain(
      "I couldn't find a return or warranty request with that number. Please check it (they look like RET-123456789), or [contact us](/contact).",
    );
  });

  it('says it could not find an unknown transaction number and links the track page', async () => {
    const text = await answer('track TXN1700000000000999');
    expect(text).toContain("I couldn't find a transaction with that number");
    expect(text).toContain('(/track)');
  });
});

describe('POST /api/chat: product questions', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const rows = [
      { name: 'Apple iPhone 11', brand: 'Apple', type: 'phone', model: 'iPhone 11', price: 6500 },
      { name: 'Apple iPhone 13 Pro', brand: 'Apple', type: 'phone', model: 'iPhone 13 Pro', price: 14500 },
      { name: 'Apple iPhone XR', brand: 'Apple', type: 'phone', model: 'iPhone XR', price: 4200, inStock: false },
      { name: 'Samsung Galaxy S21', brand: 'Samsung', type: 'phone', model: 'Galaxy S21', price: 8200 },
      { name: 'Dell Latitude 5420', brand: 'Dell', type: 'laptop', model: 'Latitude 5420', price: 11000 },
      { name: 'Dell PowerEdge R740', brand: 'Dell', type: 'server', model: 'PowerEdge R740', price: 45000 },
      { name: 'Dell XPS 13 9310', brand: 'Dell', type: 'laptop', model: 'XPS 13 9310', price: 23999 },
      { name: 'Dell XPS 15 9510', brand: 'Dell', type: 'laptop', model: 'XPS 15 9510', price: 31999, inStock: false },
    ];
    for (const [i, row] of rows.entries()) {
      const [inserted] = await t.db
        .insert(devices)
        .values({ condition: 'Good', ...row, createdAt: new Date(Date.UTC(2026, 10, 1 + i)) })
        .returning({ id: devices.id });
      ids[row.name] = inserted!.id;
    }
  });

  it('lists the iPhones in stock under a price cap as device links with prices', async () => {
    const text = await answer('Do you have an iPhone under R10,000?');
    // The bound as the shopper wrote it, in rand: never turned into another currency's sign.
    expect(text).toContain('iPhones under R10,000:');
    expect(text).not.toContain('₦10,000');
    expect(text).toContain(`[Apple iPhone 11](/device/${ids['Apple iPhone 11']}): ₦6,500`);
    expect(text).toContain('Apple iPhone 12'); // the order test's device, also under the cap
    expect(text).not.toContain('iPhone 13 Pro');
    expect(text).not.toContain('iPhone XR'); // out of stock
    expect(text).not.toContain('Galaxy');
  });

  it('answers the cheapest laptop with the laptops in stock, lowest price first', async () => {
    const text = await answer('cheapest laptop');
    const prices = [...text.matchAll(/\): ₦([\d,]+)/g)].map((match) => Number(match[1]!.replace(/,/g, '')));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(text).toContain(`[Dell Latitude 5420](/device/${ids['Dell Latitude 5420']}): ₦11,000`);
    expect(text.indexOf('Latitude 5420')).toBeLessThan(text.indexOf('XPS 13 9310'));
  });

  it('reads a cap written as 15k', async () => {
    const text = await answer('any apple phones below 15k?');
    expect(text).toContain(`[Apple iPhone 13 Pro](/device/${ids['Apple iPhone 13 Pro']}): ₦14,500`);
    expect(text).toContain('Apple iPhone 11');
  });

  it('finds a brand and type together', async () => {
    const text = await answer('Any Dell laptops?');
    expect(text).toContain(`[Dell Latitude 5420](/device/${ids['Dell Latitude 5420']})`);
    expect(text).not.toContain('PowerEdge');
  });

  it('finds a type outside the listing categories', async () => {
    const text = await answer('Do you have servers?');
    expect(text).toContain(`[Dell PowerEdge R740](/device/${ids['Dell PowerEdge R740']}): ₦45,000`);
  });

  it('prices devices with the naira sign, as the cards do by default', async () => {
    const text = await answer('Any Dell laptops?');
    expect(text).toContain(`[Dell XPS 13 9310](/device/${ids['Dell XPS 13 9310']}): ₦23,999`);
    expect(text).toContain(`[Dell Latitude 5420](/device/${ids['Dell Latitude 5420']}): ₦11,000`);
    expect(text).not.toMatch(/\): R\d/);
  });

  it('answers a named model with that model, not every device of its brand', async () => {
    const text = await answer('Is the Dell XPS 13 in stock?');
    expect(text).toContain('Here is a match for Dell XPS 13:');
    expect(text).toContain(`[Dell XPS 13 9310](/device/${ids['Dell XPS 13 9310']}): ₦23,999`);
    expect(text).not.toContain('Latitude');
    expect(text).not.toContain('PowerEdge');
  });

  it('says a named model is not in stock and offers the brand instead', async () => {
    const text = await answer('Is the Dell XPS 15 in stock?');
    expect(text).toContain(
      "I couldn't find a Dell XPS 15 in stock right now. Here are other matches for Dell devices:",
    );
    expect(text).toContain(`[Dell Latitude 5420](/device/${ids['Dell Latitude 5420']})`);
    expect(text).not.toContain('XPS 15 9510');
  });

  it('lists at most five devices', async () => {
    const text = await answer('Show me devices under R100,000');
    expect(text.match(/\(\/device\//g)).toHaveLength(5);
  });

  itAnswers([
    {
      name: 'writes a cap given without a currency as the prices are listed',
      question: 'any apple phones below 15k?',
      says: ['Apple phones under ₦15,000:'],
    },
    {
      name: "says 'an iPhone 14', the article by sound",
      question: 'Is the iPhone 14 in stock?',
      says: ["I couldn't find an iPhone 14 in stock right now."],
    },
    {
      name: 'says none match and links the buy page',
      question: 'Any Samsung laptops?',
      says: ["I couldn't find any Samsung laptops", '[all devices](/buy)'],
      lacks: ['/device/'],
    },
    {
      name: 'does not search the catalog when a shopper is selling a device',
      question: 'I want to sell my iPhone',
      says: ['(/sell)'],
      lacks: ['/device/'],
    },
  ]);
});

describe('POST /api/chat: limits', () => {
  it('refuses an empty or blank message', async () => {
    for (const message of ['', '   \n ']) {
      const res = await ask(message);
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'message', 'Message is required');
    }
  });

  it('refuses a missing message', async () => {
    const res = await send(t.app, 'POST', '/api/chat', { body: {}, headers: { 'x-forwarded-for': freshAddress() } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Message is required');
  });

  it('accepts 1000 characters and refuses 1001', async () => {
    const ok = await ask(`${'a'.repeat(1000)}   `);
    expect(ok.statusCode).toBe(200);
    const res = await ask('a'.repeat(1001));
    expectFieldError(res, 400, 'VALIDATION_FAILED', 'message', 'Message must be at most 1000 characters');
  });

  it('accepts a context of 4000 characters and refuses 4001', async () => {
    expect((await ask('Track my order', { context: 'c'.repeat(4000) })).statusCode).toBe(200);
    const res = await ask('Track my order', { context: 'c'.repeat(4001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Context must be at most 4000 characters');
  });

  it('refuses a message that is not text', async () => {
    const res = await ask(42);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('allows 20 questions a minute per address, then answers 429 in our error shape', async () => {
    const address = '10.99.0.1';
    for (let i = 0; i < 20; i += 1) {
      expect((await ask('hello', { address })).statusCode).toBe(200);
    }
    const res = await ask('hello', { address });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(res.json().error.message).toMatch(/^Too many requests: try again in \d+ seconds$/);
    // Another address is not held back.
    expect((await ask('hello', { address: '10.99.0.2' })).statusCode).toBe(200);
  });

  it('refuses a request without the QuickBuy header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat', payload: { message: 'hello' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_HEADER_MISSING');
  });
});

describe('POST /api/chat: a store switched to rand', () => {
  const zar = useTestApp({ STORE_CURRENCY: 'ZAR' });
  let id: string;
  beforeAll(async () => {
    const [xps] = await insertDevices(zar.db, [{ brand: 'Dell', model: 'XPS 13 9310', type: 'laptop', price: 23999 }]);
    id = xps!.id;
  });

  it('prices devices in rand, as the cards do under STORE_CURRENCY=ZAR', async () => {
    const res = await send(zar.app, 'POST', '/api/chat', { body: { message: 'Is the Dell XPS 13 in stock?' } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { response: string }).response).toContain(`[Dell XPS 13 9310](/device/${id}): R23,999`);
  });
});

describe('withArticle', () => {
  it('chooses a or an by how the first word sounds', () => {
    expect(
      [
        'iPhone 12',
        'Dell XPS 15',
        'HP EliteBook',
        'MSI Katana',
        'USB hub',
        'LG OLED',
        'Samsung S22',
        'ultrabook',
        '8 TB drive',
        'Xiaomi 13',
      ].map(withArticle),
    ).toEqual([
      'an iPhone 12',
      'a Dell XPS 15',
      'an HP EliteBook',
      'an MSI Katana',
      'a USB hub',
      'an LG OLED',
      'a Samsung S22',
      'an ultrabook',
      'an 8 TB drive',
      'a Xiaomi 13',
    ]);
  });
});
