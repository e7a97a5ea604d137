import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminEraseSchema,
  adminPrivacyActionSchema,
  dataExportSchema,
  deleteAccountSchema,
  guestEraseSchema,
  privacyTokenSchema,
  PRIVACY_MESSAGES,
  privacyLookupSchema,
  type PersonalDataHolder,
  type PersonalDataSummary,
} from '../../../shared/personal-data';
import { ERROR_CODES } from '../../../shared/errors';
import type { AppContext } from '../../context';
import { transaction } from '../../db/client';
import { AppError, parseInput } from '../../lib/errors';
import { perReference, referenceLookup } from '../../lib/keyed-limits';
import { sessionUser } from '../../lib/session-user';
import { clearSessionCookie, confirmCustomerPassword, findCustomerByEmail } from '../accounts';
import { recordAudit } from '../audit';
import { emailProvenByLink } from '../orders';
import { erasePersonalData } from './erasure';
import { personalDataSummary, personalDataZip } from './personal-data-copy';

const FORM = { form: true } as const;
const CUSTOMER = ['customer'] as const;
const ADMIN = ['admin'] as const;

function sendZip(reply: FastifyReply, archive: Buffer, at: Date) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="quickbuy-my-data-${at.toISOString().slice(0, 10)}.zip"`)
    .header('cache-control', 'no-store')
    .send(archive);
}

/**
 * A person's data (docs/decisions/076): the signed-in customer's copy and deletion, each behind their password
 * again; the admin's lookup, copy and erasure for a request received by email, each audited.
 */
export function registerPrivacyRoutes(app: FastifyInstance, { db, clock, config }: AppContext) {
  // --- The customer's own ------------------------------------------------------------------------
  const ownHolder = (user: { id: string; email: string }): PersonalDataHolder => ({
    customerId: user.id,
    email: user.email,
  });

  // Each behind the password again, and limited so that it cannot be guessed through them.
  const PASSWORD_AGAIN = { config: { access: CUSTOMER, rateLimit: { max: 10, timeWindow: '15 minutes' } } };

  /** The signed-in customer once their password is confirmed again (refused under its field when wrong). */
  async function confirmedCustomer(request: FastifyRequest, schema: typeof dataExportSchema) {
    const { currentPassword } = parseInput(schema, request.body, FORM);
    const user = sessionUser(request);
    await confirmCustomerPassword({ db, clock, userId: user.id, password: currentPassword, address: request.ip });
    return user;
  }

  app.post('/api/account/data-export', PASSWORD_AGAIN, async (request, reply) => {
    const user = await confirmedCustomer(request, dataExportSchema);
    const now = clock.now();
    return sendZip(reply, await personalDataZip(db, ownHolder(user), now), now);
  });

  app.post('/api/account/delete', PASSWORD_AGAIN, async (request, reply) => {
    const user = await confirmedCustomer(request, deleteAccountSchema);
    await erasePersonalData({
      db,
      clock,
      holder: ownHolder(user),
      actor: { id: user.id, role: 'customer', ip: request.ip },
    });
    clearSessionCookie(reply, config);
    return { message: PRIVACY_MESSAGES.deleted };
  });

  // --- The admin's, for a request received by email ----------------------------------------------
  /** Whose data an address names: its customer account when there is one, else what a guest left under it. */
  const holderOf = async (email: string) => {
    const account = await findCustomerByEmail(db, email);
    return { account, holder: { customerId: account?.id ?? null, email: account?.email ?? email.trim() } };
  };

  app.get('/api/admin/privacy', { config: { access: ADMIN } }, async (request): Promise<PersonalDataSummary> => {
    const { email } = parseInput(privacyLookupSchema, request.query, FORM);
    const { account, holder } = await holderOf(email);
    return personalDataSummary(db, holder, account, clock.now());
  });

  app.post('/api/admin/privacy/export', { config: { access: ADMIN } }, async (request, reply) => {
    const input = parseInput(adminPrivacyActionSchema, request.body, FORM);
    const actor = sessionUser(request);
    const { account, holder } = await holderOf(input.email);
    const now = clock.now();
    const archive = await personalDataZip(db, holder, now);
    await transaction(db, (tx) =>
      recordAudit(tx, {
        actor,
        action: 'personal_data.export',
        entity: account ? { type: 'user', id: account.id } : { type: 'request', id: input.request },
        details: { request: input.request },
        at: now,
      }),
    );
    return sendZip(reply, archive, now);
  });

  app.post('/api/admin/privacy/erase', { config: { access: ADMIN } }, async (request) => {
    const input = parseInput(adminEraseSchema, request.body, FORM);
    const { account, holder } = await holderOf(input.email);
    const summary = await personalDataSummary(db, holder, account, clock.now());
    const { orders, tradeIns, repairs, emails, messages } = summary.counts;
    if (!account && orders + tradeIns + repairs + emails + messages === 0) {
      throw new AppError(ERROR_CODES.notFound, PRIVACY_MESSAGES.nothingHeld, {
        status: 404,
        fields: { email: PRIVACY_MESSAGES.nothingHeld },
      });
    }
    await erasePersonalData({ db, clock, holder, actor: sessionUser(request), request: input.request });
    return { message: PRIVACY_MESSAGES.erasedByAdmin(input.email) };
  });

  // --- A guest's, by the emailed link of their order ------------------------------------------------
  /**
   * The guest whose order's emailed link this is: its address is theirs. An address with an account is sent to
   * the account's Privacy tab (its password is the better proof, and the account holds more).
   */
  const guestHolder = async (orderNumber: string, token: string): Promise<PersonalDataHolder> => {
    const email = await emailProvenByLink(db, orderNumber, token, clock.now());
    if (!email) {
      throw new AppError(ERROR_CODES.forbidden, PRIVACY_MESSAGES.linkInvalid, { status: 403 });
    }
    if (await findCustomerByEmail(db, email)) {
      throw new AppError(ERROR_CODES.conflict, PRIVACY_MESSAGES.hasAccount, { status: 409 });
    }
    return { customerId: null, email };
  };
  // Looked up by an order's number, as every public route naming one is: per address, and per order from any.
  const GUEST = referenceLookup(perReference('orderNumber'), { max: 10, timeWindow: '15 minutes' });

  app.post<{ Params: { orderNumber: string } }>(
    '/api/orders/:orderNumber/personal-data',
    GUEST,
    async (request, reply) => {
      const { token } = parseInput(privacyTokenSchema, request.body, FORM);
      const holder = await guestHolder(request.params.orderNumber, token);
      const now = clock.now();
      return sendZip(reply, await personalDataZip(db, holder, now), now);
    },
  );

  app.post<{ Params: { orderNumber: string } }>(
    '/api/orders/:orderNumber/personal-data/erase',
    GUEST,
    async (request) => {
      const { token } = parseInput(guestEraseSchema, request.body, FORM);
      const { orderNumber } = request.params;
      await erasePersonalData({
        db,
        clock,
        holder: await guestHolder(orderNumber, token),
        actor: { id: null, role: 'customer', ip: request.ip },
        request: `The emailed link of order ${orderNumber.trim().toUpperCase()}`,
      });
      return { message: PRIVACY_MESSAGES.guestErased };
    },
  );
}
