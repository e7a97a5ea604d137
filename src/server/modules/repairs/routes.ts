import type { FastifyInstance } from 'fastify';
import {
  agentRepairsQuerySchema,
  repairBookingSchema,
  repairSlotsQuerySchema,
  repairStatusMoveSchema,
} from '../../../shared/repairs';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { actorOf } from '../audit/service';
import { sessionOf } from '../accounts/guard';
import { listAgentPickups, moveRepair } from './pickups';
import { bookRepair, listCustomerRepairs, listOfferedSlots, trackRepair } from './service';

const AGENT = { config: { access: ['agent' as const] } };

/** Repair bookings: public booking and tracking, and the assigned agent's pickup moves. */
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
      const user = request.auth?.user;
      const customerId = user?.role === 'customer' ? user.id : null;
      return reply.status(201).send(await bookRepair({ db, config, clock, booking, customerId }));
    },
  );

  app.get<{ Params: { bookingNumber: string } }>(
    '/api/repairs/:bookingNumber',
    { config: { access: 'public' } },
    async (request) =>
      trackRepair({ db, bookingNumber: request.params.bookingNumber, viewerId: request.auth?.user.id ?? null }),
  );

  app.get('/api/account/repairs', { config: { access: ['customer' as const] } }, async (request) => ({
    repairs: await listCustomerRepairs({ db, customerId: sessionOf(request).user.id }),
  }));

  app.get('/api/agent/repairs', AGENT, async (request) => {
    const { date } = parseInput(agentRepairsQuerySchema, request.query);
    return { pickups: await listAgentPickups({ db, agentId: sessionOf(request).user.id, date }) };
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
        actor: actorOf(request),
        bookingNumber: request.params.bookingNumber,
        status,
      });
    },
  );
}
