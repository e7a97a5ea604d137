import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acceptOfferSchema,
  agentTradeInQuerySchema,
  assignAgentSchema,
  declineOfferSchema,
  makeOfferSchema,
  markPaidSchema,
  MAX_PHOTO_DATA_URL_LENGTH,
  MAX_SELL_PHOTOS,
  normaliseNumber,
  OFFER_MESSAGES,
  sellFormSchema,
  tradeInListQuerySchema,
  type TrackReply,
} from '../../../shared/trade-ins';
import type { AppContext } from '../../context';
import { notFound, parseInput } from '../../lib/errors';
import { perReference } from '../../lib/keyed-limits';
import { sharedJsonReplies } from '../../lib/shared-reads';
import { actorOf } from '../audit/service';
import { sessionOf } from '../accounts/guard';
import { orderAccessOf } from '../orders/routes';
import { getOrderTracking } from '../orders/status';
import { trackRepair } from '../repairs/service';
import {
  acceptOffer,
  agentView,
  assessTradeIn,
  assignTradeIn,
  confirmTradeIn,
  declineOffer,
  getTrackedTradeIn,
  listAgentTradeIns,
  listCustomerTradeIns,
  listTradeIns,
  makeOffer,
  markTradeInPaid,
  notFoundMessage,
  submitTradeIn,
  TRADE_IN_NOT_FOUND,
  type Viewer,
} from './service';

type ByNumber = { Params: { number: string } };

const FORM = { form: true } as const;
const ADMIN = { config: { access: ['admin'] } } as const;
const AGENT = { config: { access: ['agent'] } } as const;
/** Answering an offer: a guess at the contact email is one try of few, from an address and on one offer. */
const ANSWER = {
  config: {
    access: 'public',
    rateLimit: { max: 20, timeWindow: '10 minutes' },
    keyedLimits: [perReference('number')],
  },
} as const;

const viewerOf = (request: FastifyRequest): Viewer =>
  request.auth ? { id: request.auth.user.id, role: request.auth.user.role } : null;

export function registerTradeInRoutes(app: FastifyInstance, { db, config, clock }: AppContext) {
  app.post(
    '/api/trade-ins',
    {
      // Up to five photos as data URLs (the page shrinks them first).
      bodyLimit: MAX_SELL_PHOTOS * MAX_PHOTO_DATA_URL_LENGTH + 64 * 1024,
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const form = parseInput(sellFormSchema, request.body, FORM);
      const user = request.auth?.user;
      const customer =
        user?.role === 'customer' ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() } : null;
      const created = await submitTradeIn({ db, config, clock, form, customer });
      return reply.status(201).send(created);
    },
  );

  // One box tracks a sale (TXN...), an order (ORD-...) or a repair booking (REP-...); whatever is not found is one 404.
  app.get<ByNumber>(
    '/api/track/:number',
    {
      config: {
        access: 'public',
        rateLimit: { max: 60, timeWindow: '1 minute' },
        keyedLimits: [perReference('number')],
      },
    },
    async (request, reply) => {
      const number = normaliseNumber(request.params.number);
      reply.header('cache-control', 'private, no-store');
      if (number.startsWith('ORD-')) {
        const order = await getOrderTracking({
          db,
          orderNumber: number,
          access: orderAccessOf(request, { clock, config }),
        });
        if (order) return { kind: 'order', order } satisfies TrackReply;
      } else if (number.startsWith('TXN')) {
        const tradeIn = await getTrackedTradeIn({ db, number, viewer: viewerOf(request) });
        return { kind: 'trade-in', tradeIn } satisfies TrackReply;
      } else if (number.startsWith('REP-')) {
        const repair = await trackRepair({ db, bookingNumber: number, viewerId: request.auth?.user.id ?? null });
        if (repair) return { kind: 'repair', repair } satisfies TrackReply;
      }
      throw notFound(TRADE_IN_NOT_FOUND, notFoundMessage);
    },
  );

  // Accepting and declining answer the offer the same way: by its number, from the emailed link or the account.
  const answer = (request: FastifyRequest<ByNumber>) => ({
    db,
    config,
    clock,
    number: request.params.number,
    viewer: viewerOf(request),
    ip: request.ip,
  });
  app.post<ByNumber>('/api/trade-ins/:number/accept', ANSWER, async (request) =>
    acceptOffer({ ...answer(request), input: parseInput(acceptOfferSchema, request.body, FORM) }),
  );
  app.post<ByNumber>('/api/trade-ins/:number/decline', ANSWER, async (request) =>
    declineOffer({ ...answer(request), input: parseInput(declineOfferSchema, request.body, FORM) }),
  );

  app.get('/api/account/trade-ins', { config: { access: ['customer'] } }, async (request) => ({
    tradeIns: await listCustomerTradeIns({ db, customerId: sessionOf(request).user.id }),
  }));

  // --- Admin ---------------------------------------------------------------------------------------
  const list = sharedJsonReplies();
  app.get('/api/admin/trade-ins', ADMIN, async (request, reply) => {
    const query = parseInput(tradeInListQuerySchema, request.query);
    return list(reply, JSON.stringify(query), () => listTradeIns({ db, query }));
  });

  app.post<ByNumber>('/api/admin/trade-ins/:number/confirm', ADMIN, async (request) => ({
    message: 'Trade-in confirmed',
    tradeIn: await confirmTradeIn({ db, config, clock, number: request.params.number, actor: actorOf(request) }),
  }));

  app.post<ByNumber>('/api/admin/trade-ins/:number/assign', ADMIN, async (request) => {
    const { agentId } = parseInput(assignAgentSchema, request.body, FORM);
    const tradeIn = await assignTradeIn({
      db,
      config,
      clock,
      number: request.params.number,
      actor: actorOf(request),
      agentId,
    });
    return { message: `Assigned to ${tradeIn.agentName}`, tradeIn };
  });

  app.post<ByNumber>('/api/admin/trade-ins/:number/mark-paid', ADMIN, async (request) => {
    const { payoutReference } = parseInput(markPaidSchema, request.body, FORM);
    return {
      message: 'Trade-in marked as paid',
      tradeIn: await markTradeInPaid({
        db,
        config,
        clock,
        number: request.params.number,
        actor: actorOf(request),
        payoutReference,
      }),
    };
  });

  // --- Agent: their own trade-ins only, as agentView shows them ----------------------------------
  app.get('/api/agent/trade-ins', AGENT, async (request) =>
    listAgentTradeIns({
      db,
      query: parseInput(agentTradeInQuerySchema, request.query),
      agentId: sessionOf(request).user.id,
    }),
  );

  app.post<ByNumber>('/api/agent/trade-ins/:number/assess', AGENT, async (request) => ({
    message: OFFER_MESSAGES.assessed,
    tradeIn: agentView(
      await assessTradeIn({ db, config, clock, number: request.params.number, actor: actorOf(request) }),
    ),
  }));

  app.post<ByNumber>('/api/agent/trade-ins/:number/offer', AGENT, async (request) => {
    const { amount, notes } = parseInput(makeOfferSchema, request.body, FORM);
    const tradeIn = await makeOffer({
      db,
      config,
      clock,
      number: request.params.number,
      actor: actorOf(request),
      amount,
      notes,
    });
    return { message: OFFER_MESSAGES.offerMade(amount), tradeIn: agentView(tradeIn) };
  });
}
