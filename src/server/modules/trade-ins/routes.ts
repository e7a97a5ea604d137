import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_EXPORT_PATHS } from '../../../shared/admin-exports';
import { MAX_PHOTO_DATA_URL_LENGTH, MAX_SELL_PHOTOS, sellFormSchema } from '../../../shared/sell-form';
import {
  agentTradeInQuerySchema,
  assignAgentSchema,
  declineOfferSchema,
  LINK_MESSAGES,
  makeOfferSchema,
  markPaidSchema,
  OFFER_MESSAGES,
  payoutAccountSchema,
  returnDeviceSchema,
  tradeInListQuerySchema,
} from '../../../shared/trade-ins';
import type { AppContext } from '../../context';
import { clientKey } from '../../lib/client-key';
import { parseInput } from '../../lib/errors';
import { perReference, referenceLookup } from '../../lib/keyed-limits';
import { sessionUser } from '../../lib/session-user';
import { registerAdminList } from '../../lib/admin-list-routes';
import { takingAtLeast } from '../../lib/timing';
import type { ImageBudgets } from '../images';
import { exportTradeIns } from './export';
import { listAgentTradeIns, listCustomerTradeIns, listTradeIns } from './lists';
import {
  assessTradeIn,
  assignTradeIn,
  confirmTradeIn,
  makeOffer,
  markTradeInPaid,
  returnTradeInDevice,
  reviseOffer,
} from './moves';
import { acceptOffer, changePayoutAccount, declineOffer } from './offer-answer';
import { emailNewLink } from './seller-link';
import { tradeInPhotoParamsSchema, tradeInPhotoQuerySchema } from '../../../shared/trade-in-detail';
import { getTradeInDetail, revealPayoutAccount } from './detail';
import { getTradeInPhoto } from './photos';
import { listingDraft, listTradeIn } from './listing';
import { listTradeInSchema } from '../../../shared/stock-listing';
import { submitTradeIn } from './submit';
import { agentView } from './trade-in-views';

type ByNumber = { Params: { number: string } };

const FORM = { form: true } as const;
const ADMIN = { config: { access: ['admin'] } } as const;
const AGENT = { config: { access: ['agent'] } } as const;
/** What the seller does with the emailed link: a guess at a link's token is one try of few. */
const SELLER = referenceLookup(perReference('number'), { max: 20, timeWindow: '10 minutes' });
/** 'Email me a new link' mails someone: few tries an address (the service adds its own per trade-in and per recipient). */
const NEW_LINK = referenceLookup(perReference('number'), { max: 10, timeWindow: '10 minutes' });
/** Longer than finding the trade-in, writing the link and its email take, so every answer comes alike. */
export const NEW_LINK_MS = 300;

export function registerTradeInRoutes(
  app: FastifyInstance,
  { db, config, clock }: AppContext,
  { imageBudgets }: { imageBudgets: ImageBudgets },
) {
  app.post(
    '/api/trade-ins',
    {
      // Up to five photos as data URLs (the page shrinks them first).
      bodyLimit: MAX_SELL_PHOTOS * MAX_PHOTO_DATA_URL_LENGTH + 64 * 1024,
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const form = parseInput(sellFormSchema, request.body, FORM);
      const user = sessionUser(request, { optional: true });
      const customer = user?.role === 'customer' ? { id: user.id } : null;
      const imageBudget = imageBudgets.forRequest(clientKey(request.ip));
      const created = await submitTradeIn({ db, config, clock, form, customer, imageBudget });
      return reply.status(201).send(created);
    },
  );

  // The seller's actions: proven by their session or the token of the newest emailed link (decision 039).
  const seller = (request: FastifyRequest<ByNumber>, { token }: { token: string }) => ({
    db,
    config,
    clock,
    number: request.params.number,
    viewer: sessionUser(request, { optional: true }),
    token,
    ip: request.ip,
  });
  app.post<ByNumber>('/api/trade-ins/:number/accept', SELLER, async (request) => {
    const input = parseInput(payoutAccountSchema, request.body, FORM);
    return acceptOffer({ ...seller(request, input), input });
  });
  app.post<ByNumber>('/api/trade-ins/:number/decline', SELLER, async (request) => {
    const input = parseInput(declineOfferSchema, request.body, FORM);
    return declineOffer({ ...seller(request, input), reason: input.reason });
  });
  app.put<ByNumber>('/api/trade-ins/:number/payout', SELLER, async (request) => {
    const input = parseInput(payoutAccountSchema, request.body, FORM);
    return changePayoutAccount({ ...seller(request, input), input });
  });
  app.post<ByNumber>('/api/trade-ins/:number/link', NEW_LINK, async (request, reply) => {
    const number = request.params.number;
    await takingAtLeast(config, NEW_LINK_MS, () => emailNewLink({ db, config, clock, number, ip: request.ip }));
    return reply.status(202).send({ message: LINK_MESSAGES.sent });
  });

  app.get('/api/account/trade-ins', { config: { access: ['customer'] } }, async (request) => ({
    tradeIns: await listCustomerTradeIns({ db, customerId: sessionUser(request).id }),
  }));

  // --- Admin ---------------------------------------------------------------------------------------
  registerAdminList(app, {
    db,
    url: '/api/admin/trade-ins',
    schema: tradeInListQuerySchema,
    list: listTradeIns,
    exportPath: ADMIN_EXPORT_PATHS.tradeIns,
    name: 'transactions',
    clock,
    open: ({ query, format, request }) =>
      exportTradeIns({
        db,
        clock,
        actor: sessionUser(request),
        query,
        format,
        storeCurrency: config.STORE_CURRENCY,
        batchSize: config.CSV_BATCH_SIZE,
      }),
  });

  // One trade-in in full (decision 044); the agent's route below answers only for their own.
  const detail = (request: FastifyRequest<ByNumber>) =>
    getTradeInDetail({ db, number: request.params.number, viewer: sessionUser(request) });
  app.get<ByNumber>('/api/admin/trade-ins/:number', ADMIN, detail);
  // The seller's photos: private, so the browser may keep them a while but no shared cache may.
  const photo = async (request: FastifyRequest, reply: FastifyReply) => {
    const { number, position } = parseInput(tradeInPhotoParamsSchema, request.params);
    const { w } = parseInput(tradeInPhotoQuerySchema, request.query);
    const found = await getTradeInPhoto({ db, number, position, width: w, viewer: sessionUser(request) });
    return reply.header('cache-control', 'private, max-age=300').type(found.contentType).send(found.data);
  };
  app.get('/api/admin/trade-ins/:number/photos/:position', ADMIN, photo);

  app.post<ByNumber>('/api/admin/trade-ins/:number/payout-account/reveal', ADMIN, async (request) =>
    revealPayoutAccount({ db, clock, number: request.params.number, actor: sessionUser(request) }),
  );

  app.post<ByNumber>('/api/admin/trade-ins/:number/confirm', ADMIN, async (request) => ({
    message: 'Trade-in confirmed',
    tradeIn: await confirmTradeIn({ db, config, clock, number: request.params.number, actor: sessionUser(request) }),
  }));

  app.post<ByNumber>('/api/admin/trade-ins/:number/assign', ADMIN, async (request) => {
    const { agentId } = parseInput(assignAgentSchema, request.body, FORM);
    const tradeIn = await assignTradeIn({
      db,
      config,
      clock,
      number: request.params.number,
      actor: sessionUser(request),
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
        actor: sessionUser(request),
        payoutReference,
      }),
    };
  });

  app.post<ByNumber>('/api/admin/trade-ins/:number/return-device', ADMIN, async (request) => {
    const { note } = parseInput(returnDeviceSchema, request.body, FORM);
    const actor = sessionUser(request);
    return {
      message: 'Device recorded as returned to the seller',
      tradeIn: await returnTradeInDevice({ db, config, clock, number: request.params.number, actor, note }),
    };
  });

  // A paid trade-in put on sale (docs/decisions/090): its prefilled form, and the listing itself.
  app.get<ByNumber>('/api/admin/trade-ins/:number/listing', ADMIN, async (request) =>
    listingDraft({ db, number: request.params.number, actor: sessionUser(request) }),
  );
  app.post<ByNumber>('/api/admin/trade-ins/:number/list', ADMIN, async (request, reply) => {
    const input = parseInput(listTradeInSchema, request.body, FORM);
    const listed = await listTradeIn({
      db,
      clock,
      number: request.params.number,
      actor: sessionUser(request),
      input,
      imageBudget: imageBudgets.forRequest(clientKey(request.ip)),
    });
    return reply.status(201).send(listed);
  });

  // --- Agent: their own trade-ins only, as agentView shows them ----------------------------------
  app.get('/api/agent/trade-ins', AGENT, async (request) =>
    listAgentTradeIns({
      db,
      query: parseInput(agentTradeInQuerySchema, request.query),
      agentId: sessionUser(request).id,
    }),
  );

  app.get<ByNumber>('/api/agent/trade-ins/:number', AGENT, detail);
  app.get('/api/agent/trade-ins/:number/photos/:position', AGENT, photo);

  app.post<ByNumber>('/api/agent/trade-ins/:number/assess', AGENT, async (request) => ({
    message: OFFER_MESSAGES.assessed,
    tradeIn: agentView(
      await assessTradeIn({ db, config, clock, number: request.params.number, actor: sessionUser(request) }),
    ),
  }));

  // The first offer and a new amount before the seller answers: the same payload and checks.
  const offerRoute = (path: string, move: typeof makeOffer, message: (amount: number) => string) =>
    app.post<ByNumber>(path, AGENT, async (request) => {
      const offer = parseInput(makeOfferSchema, request.body, FORM);
      const actor = sessionUser(request);
      const tradeIn = await move({ db, config, clock, number: request.params.number, actor, offer });
      return { message: message(offer.amount), tradeIn: agentView(tradeIn) };
    });
  offerRoute('/api/agent/trade-ins/:number/offer', makeOffer, OFFER_MESSAGES.offerMade);
  offerRoute('/api/agent/trade-ins/:number/revise-offer', reviseOffer, OFFER_MESSAGES.offerRevised);
}
