import type { FastifyInstance } from 'fastify';
import {
  agentRepairsQuerySchema,
  cancelRepairSchema,
  repairBookingSchema,
  repairSlotsQuerySchema,
  repairStatusMoveSchema,
} from '../../../shared/repairs';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { perReference, referenceLookup } from '../../lib/keyed-limits';
import { bookRepair } from './booking';
import { cancelRepair } from './cancel';
import { listAgentPickups, moveRepair } from './pickups';
import { listOfferedSlots } from './slots';
import { listCustomerRepairs, repairNotFound, trackRepair } from './bookings';

type ByNumber = { Params: { bookingNumber: string } };
const AGENT = { config: { access: ['agent' as const] } };
/** Lookups of one booking number, from any address. */
const BY_BOOKING = perReference('bookingNumber');

/** Repair bookings: public booking, tracking and cancelling, the agent's pickup moves (the admin's: admin-routes.ts). */
export function registerRepairRoutes(app: FastifyInstance, { db, config, clock }: AppContext) {
  app.get('/api/repairs/slots', { config: { access: 'public' } }, async (request) => {
    const { date } = parseInput(repairSlotsQuerySchema, request.query);
    return listOfferedSlots({ db, config, clock, date });
  });

  app.post(
    '/api/repairs/bookings',
    { config: { access: 'public', rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request, reply) => {
      const booking = parseInput(repairBookingSchema, request.body, { form: true });
      const user = sessionUser(request, { optional: true });
      const customerId = user?.role === 'customer' ? user.id : null;
      return reply.status(201).send(await bookRepair({ db, config, clock, booking, customerId }));
    },
  );

  // Limited as /api/track/:number is, which answers the same lookup.
  app.get<ByNumber>(
    '/api/repairs/:bookingNumber',
    referenceLookup(BY_BOOKING, { max: 60, timeWindow: '1 minute' }),
    async (request) => {
      const repair = await trackRepair({
        db,
        bookingNumber: request.params.bookingNumber,
        viewerId: sessionUser(request, { optional: true })?.id ?? null,
      });
      if (!repair) throw repairNotFound();
      return repair;
    },
  );

  // The customer who booked (signed in, or proving the booking's email); a guess at the email is one try of few.
  app.post<ByNumber>(
    '/api/repairs/:bookingNumber/cancel',
    referenceLookup(BY_BOOKING, { max: 20, timeWindow: '10 minutes' }),
    async (request) => {
      const { email } = parseInput(cancelRepairSchema, request.body, { form: true });
      const user = sessionUser(request, { optional: true });
      return cancelRepair({
        db,
        config,
        clock,
        bookingNumber: request.params.bookingNumber,
        by: { viewer: user ? { id: user.id, role: user.role } : null, email, ip: request.ip },
      });
    },
  );

  app.get('/api/account/repairs', { config: { access: ['customer' as const] } }, async (request) => ({
    repairs: await listCustomerRepairs(db, sessionUser(request).id),
  }));

  app.get('/api/agent/repairs', AGENT, async (request) => {
    const { date } = parseInput(agentRepairsQuerySchema, request.query);
    return { pickups: await listAgentPickups({ db, agentId: sessionUser(request).id, date }) };
  });

  app.post<{ Params: { bookingNumber: string } }>(
    '/api/agent/repairs/:bookingNumber/status',
    AGENT,
    async (request) => {
      const { status } = parseInput(repairStatusMoveSchema, request.body);
      return moveRepair({
        db,
        config,
        clock,
        actor: sessionUser(request),
        bookingNumber: request.params.bookingNumber,
        status,
      });
    },
  );
}
