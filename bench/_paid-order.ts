// The statements of one paid order, as the store issues them, replayed without the store: the floor
// the checkout bench measures the store against (docs/performance/checkout-floor.md, docs/decisions/062).
// Shared by bench/_checkout-floor.ts (the floor's load) and the checkout module's paid-order-floor test, which
// records the statements of a paid order placed through the store and fails when they differ from these: a
// change to the flow's SQL must be copied here, or the floor would measure something else.
// The texts are Drizzle's, byte for byte. BEGIN and COMMIT come from the driver, as they do under Drizzle.
import { randomBytes } from 'node:crypto';
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';

export const SQL = {
  /** PostgreSQL only: the catalog change every other instance hears at the commit (docs/decisions/058). */
  catalogNotify: "select pg_notify($1, '')",
  holdsLock: 'select pg_advisory_xact_lock(hashtextextended($1, 0))',
  reserve:
    'update "devices" set "quantity" = "devices"."quantity" - $1, "updated_at" = now() where ("devices"."id" = $2 and "devices"."quantity" >= $3 and "devices"."in_stock" = $4 and "devices"."deleted_at" is null) returning "id", "name", "price", "condition", "storage", (\n  select coalesce(\n    (array_agg(i.image_id order by i.position))["devices".default_image_index + 1],\n    (array_agg(i.image_id order by i.position))[1])\n  from "device_images" i where i.device_id = "devices".id)',
  placeOrder:
    'with "placed" as (insert into "orders" ("id", "order_number", "customer_id", "first_name", "last_name", "customer_name", "customer_email", "customer_phone", "shipping_address", "billing_address", "total_amount", "currency", "status", "payment_status", "payment_reference", "access_token_hash", "link_version", "reserved_until", "client_address", "cart_id", "courier", "tracking_number", "replacement_of", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, default, $16, $17, $18, default, default, default, $19, $20) on conflict ("order_number") do nothing returning "id", "order_number", "customer_name", "customer_email", "payment_reference", "total_amount", "currency", "reserved_until", ((select coalesce(sum("order_items"."quantity"), 0)::int from "order_items" inner join "orders" on "orders"."id" = "order_items"."order_id" where ("orders"."client_address" = $21 and "orders"."payment_status" = $22 and "orders"."reserved_until" > $23))) as "already_held"), "placed_lines" as (insert into "order_items" ("id", "order_id", "device_id", "name", "price", "quantity", "image", "condition", "storage") select gen_random_uuid() as "id", "placed"."id", line.device_id as "device_id", line.name as "name", line.price as "price", line.quantity as "quantity", line.image as "image", line.condition as "condition", line.storage as "storage" from "placed" cross join jsonb_to_recordset($24::jsonb)\n    as line(device_id uuid, name text, price integer, quantity integer, image text, condition text, storage text)) select "id", "order_number", "customer_name", "customer_email", "payment_reference", "total_amount", "currency", "reserved_until", "already_held" from "placed"',
  orderPayment:
    'select "order_number", "payment_reference", "total_amount", "currency", "customer_email", "payment_status" from "orders" where "orders"."payment_reference" = $1 limit $2',
  sandboxCharge:
    'insert into "sandbox_charges" ("reference", "amount", "currency", "email", "status", "card_last4", "message", "created_at") values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict ("reference") do update set "status" = $9, "card_last4" = $10, "message" = $11, "created_at" = $12 where "sandbox_charges"."status" <> \'success\' returning "status"',
  sandboxAnswer:
    'select "reference", "amount", "currency", "email", "status", "card_last4", "message", "created_at" from "sandbox_charges" where "sandbox_charges"."reference" = $1 limit $2',
  lockOrder:
    'select "id", "order_number", "customer_id", "first_name", "last_name", "customer_name", "customer_email", "customer_phone", "shipping_address", "billing_address", "total_amount", "currency", "status", "payment_status", "payment_reference", "access_token_hash", "link_version", "reserved_until", "client_address", "cart_id", "courier", "tracking_number", "replacement_of", "created_at", "updated_at" from "orders" where "orders"."payment_reference" = $1 limit $2 for update',
  payment:
    'insert into "payments" ("id", "reference", "order_id", "provider", "customer_email", "customer_name", "amount", "currency", "channel", "status", "paid_at", "created_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict ("reference") do nothing',
  paidMark:
    'with "paid" as (update "orders" set "payment_status" = $1, "reserved_until" = $2, "updated_at" = $3 where "orders"."id" = $4) select "id", "order_id", "device_id", "name", "price", "quantity", "image", "condition", "storage" from "order_items" where "order_items"."order_id" = $5 order by "order_items"."device_id" asc',
  /** The paid order's units marked sold, the oldest on the shelf first (catalog/stock-units.ts sellUnits). */
  sellUnits:
    'update "stock_units" set "sold_at" = $1, "order_number" = $2 where "stock_units"."id" in (select "id" from "stock_units" where ("stock_units"."device_id" = $3 and ("stock_units"."sold_at" is null and "stock_units"."written_off_at" is null)) order by "stock_units"."listed_at" asc, "stock_units"."id" asc limit $4 for update skip locked) returning "id"',
  /** A unit sold that had no row (stock written straight into the table, as the bench's is): recorded as sold. */
  unrecordedUnit:
    'insert into "stock_units" ("id", "device_id", "source", "trade_in_number", "cost", "seller_town", "bought_at", "listed_at", "sold_at", "order_number", "written_off_at") values (default, $1, $2, default, default, default, default, $3, $4, $5, default)',
  outbox:
    'insert into "outbox_emails" ("id", "kind", "to_address", "subject", "html", "text", "dedupe_key", "contains_secret", "entity_type", "entity_id", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, default, default, $10, default, default, $11) on conflict do nothing returning "id"',
};

/**
 * The statements of a paid order in the store's order (checkout, sandbox charge, verify), one line bought, on
 * `engine`: PostgreSQL also announces the stock change to the other instances. The rate limits' counters
 * (PostgreSQL) are the HTTP edge's, not the order's: the store pays them, the floor does not.
 */
export function paidOrderStatements(engine: Engine): string[] {
  return [
    // checkout, one transaction: the address's hold lock, the stock taken and priced (announced on
    // PostgreSQL), the order with its lines
    SQL.holdsLock,
    SQL.reserve,
    ...(engine === 'postgres' ? [SQL.catalogNotify] : []),
    SQL.placeOrder,
    // the sandbox charge
    SQL.orderPayment,
    SQL.sandboxCharge,
    // verify: the order and the provider's answer, then one transaction: the locked order, the payment,
    // the paid mark with the lines, the confirmation email in the outbox
    SQL.orderPayment,
    SQL.sandboxAnswer,
    SQL.lockOrder,
    SQL.payment,
    SQL.paidMark,
    // its units sold: the device was written straight into the table, so its unit is recorded as it sells
    SQL.sellUnits,
    SQL.unrecordedUnit,
    SQL.outbox,
  ];
}

type Rows = unknown[][];
type Query = (text: string, params: unknown[]) => Promise<Rows>;

type Engine = 'pglite' | 'postgres';

/** The driver the store runs on, without Drizzle: a statement with its parameters, and a transaction. */
export interface BareDriver {
  engine: Engine;
  query: Query;
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
}

/** PGlite as the store opens it (db/client.ts: same parsers and extensions); rows come back as arrays, as for Drizzle. */
export function pgliteDriver(client: PGlite): BareDriver {
  const on =
    (target: PGlite | PgliteTransaction): Query =>
    async (text, params) =>
      (await target.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
  return { engine: 'pglite', query: on(client), transaction: (work) => client.transaction((tx) => work(on(tx))) };
}

/** A pg Pool as the store's (same size): a statement on any connection, a transaction on one, as Drizzle does it. */
export function pgPoolDriver(pool: pg.Pool): BareDriver {
  const on =
    (target: pg.Pool | pg.PoolClient): Query =>
    async (text, params) =>
      (await target.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows;
  return {
    engine: 'postgres',
    query: on(pool),
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await work(on(connection));
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

export interface FloorOrder {
  deviceId: string;
  quantity: number;
  /** The buyer's address, whose hold lock the checkout takes. */
  clientAddress: string;
  /** Unique among the database's orders (the store's retry on a taken number is the store's own cost). */
  orderNumber: string;
  now: Date;
}

const CUSTOMER = { firstName: 'Bench', lastName: 'Buyer', email: 'bench@example.co.za' };
const SHIPPING = JSON.stringify({ street: '1 Bench Road', city: 'Cape Town', country: 'South Africa' });
const CURRENCY = 'NGN';
const RESERVATION_MS = 15 * 60_000;

/** A confirmation email the size of the store's (about 2.4 KB of HTML, 0.7 KB of text for one line). */
function confirmation(orderNumber: string, reference: string, line: { name: string; price: number }) {
  const row = `<tr><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0">${line.name}</td><td>${line.price}</td></tr>`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:0 auto">` +
    `<h1>Order Confirmed!</h1><p>Order <strong>${orderNumber}</strong> is confirmed.</p><table>${row}</table>` +
    `<p>Payment reference: ${reference}</p>`.padEnd(2400, ' ');
  const text =
    `Order ${orderNumber} is confirmed.\n- ${line.name} = ${line.price}\nPayment reference: ${reference}\n`.padEnd(
      700,
      ' ',
    );
  return { html, text };
}

const fail = (what: string) => {
  throw new Error(`floor: ${what}`);
};

/** The three steps of a paid order; `time(step, ms)` hears how long each took. */
export async function placeAndPay(
  driver: BareDriver,
  order: FloorOrder,
  time: (step: 'checkout' | 'charge' | 'verify', ms: number) => void,
) {
  const { deviceId, quantity, clientAddress, orderNumber, now } = order;
  const at = now.toISOString();
  const reference = `QB-${randomBytes(8).toString('hex').toUpperCase()}`;

  let started = performance.now();
  const line = await driver.transaction(async (query) => {
    await query(SQL.holdsLock, [`holds:${clientAddress}`]);
    const [reserved] = await query(SQL.reserve, [quantity, deviceId, quantity, true]);
    if (!reserved) return fail(`device ${deviceId} out of stock`);
    if (driver.engine === 'postgres') await query(SQL.catalogNotify, ['quickbuy_catalog']);
    const [, name, price, condition, storage, image] = reserved as [string, string, number, string, string, string];
    const lines = JSON.stringify([{ device_id: deviceId, quantity, name, price, condition, storage, image }]);
    const total = price * quantity;
    const [placed] = await query(SQL.placeOrder, [
      orderNumber,
      null,
      CUSTOMER.firstName,
      CUSTOMER.lastName,
      `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
      CUSTOMER.email,
      '',
      SHIPPING,
      null,
      total,
      CURRENCY,
      'pending',
      'awaiting_payment',
      reference,
      randomBytes(32).toString('hex'),
      new Date(now.getTime() + RESERVATION_MS).toISOString(),
      clientAddress,
      null,
      at,
      at,
      clientAddress,
      'awaiting_payment',
      at,
      lines,
    ]);
    if (!placed) return fail(`order number ${orderNumber} taken`);
    return { name, price, total };
  });
  time('checkout', performance.now() - started);

  started = performance.now();
  const amount = line.total * 100;
  await driver.query(SQL.orderPayment, [reference, 1]);
  const charge = ['success', '4081', 'Payment successful', at];
  const [charged] = await driver.query(SQL.sandboxCharge, [
    reference,
    amount,
    CURRENCY,
    CUSTOMER.email,
    ...charge,
    ...charge,
  ]);
  if (!charged) return fail(`reference ${reference} charged twice`);
  time('charge', performance.now() - started);

  started = performance.now();
  await driver.query(SQL.orderPayment, [reference, 1]);
  await driver.query(SQL.sandboxAnswer, [reference, 1]);
  await driver.transaction(async (query) => {
    const [locked] = await query(SQL.lockOrder, [reference, 1]);
    if (!locked) return fail(`no order for ${reference}`);
    const orderId = locked[0];
    await query(SQL.payment, [
      reference,
      orderId,
      'sandbox',
      CUSTOMER.email,
      `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
      amount,
      CURRENCY,
      'card',
      'success',
      at,
      at,
    ]);
    await query(SQL.paidMark, ['paid', null, at, orderId, orderId]);
    const sold = await query(SQL.sellUnits, [at, orderNumber, deviceId, quantity]);
    if (sold.length < quantity) await query(SQL.unrecordedUnit, [deviceId, 'by-hand', at, at, orderNumber]);
    const email = confirmation(orderNumber, reference, line);
    await query(SQL.outbox, [
      'order_confirmation',
      CUSTOMER.email,
      `Order Confirmed! ${orderNumber}`,
      email.html,
      email.text,
      `order-confirmation:${orderNumber}`,
      true,
      'order',
      orderNumber,
      at,
      at,
    ]);
  });
  time('verify', performance.now() - started);
}
