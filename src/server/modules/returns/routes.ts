import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_EXPORT_PATHS } from '../../../shared/admin-exports';
import {
  adminReturnQuerySchema,
  type AdminReturnRow,
  type ReturnMoveReply,
  declineReturnSchema,
  inspectReturnSchema,
  MAX_RETURN_PHOTOS,
  openReturnSchema,
  repairReturnSchema,
  resolveReturnSchema,
  scheduleCollectionSchema,
} from '../../../shared/returns';
import { MAX_PHOTO_DATA_URL_LENGTH } from '../../../shared/sell-form';
import { tradeInPhotoQuerySchema } from '../../../shared/trade-in-detail';
import type { AppContext } from '../../context';
import { clientKey } from '../../lib/client-key';
import { parseInput } from '../../lib/errors';
import { perReference, privateLookup, referenceLookup } from '../../lib/keyed-limits';
import { sessionUser } from '../../lib/session-user';
import { registerAdminList } from '../../lib/admin-list-routes';
import type { ImageBudgets } from '../images';
import { orderAccessOf } from '../orders';
import { paymentProvider } from '../payments';
import { listAgentCollections } from './agent-work';
import { exportReturns, listAdminReturns } from './admin-list';
import { customerReturns, getReturnForViewer, returnableOrder, warrantableRepairs } from './customer-reads';
import {
  approveReturn,
  cancelReturn,
  collectReturn,
  declineReturn,
  inspectReturn,
  scheduleCollection,
  sendBackReturn,
} from './moves';
import { refundReturn, repairReturn, replaceReturn } from './outcomes';
import { openReturnRequest } from './open-request';
import { getReturnPhoto } from './photos';
import { findReturn, returnNotFound } from './records';
import { adminReturnDetail } from './staff-views';

type ByNumber = { Params: { returnNumber: string } };

/** A staff move's reply: what was done, in words for the toast, and the request as the list shows it. */
const said = async (message: string, moved: Promise<AdminReturnRow>): Promise<ReturnMoveReply> => ({
  message,
  request: await moved,
});
const ADMIN = { config: { access: ['admin' as const] } };
const AGENT = { config: { access: ['agent' as const] } };
const CUSTOMER = { config: { access: ['customer' as const] } };
const BY_RETURN = perReference('returnNumber');
/** Up to 4 photos as data URLs (the page shrinks them first). */
const PHOTOS_BODY = MAX_RETURN_PHOTOS * MAX_PHOTO_DATA_URL_LENGTH + 64 * 1024;

const photoParams = z.object({
  returnNumber: z.string().max(40),
  stage: z.enum(['request', 'inspection'], { error: 'Choose the request or the inspection' }),
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_RETURN_PHOTOS - 1),
});

/** Returns and warranty claims: the customer's, the admin's Returns tab and the agent's collections. */
export function registerReturnRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { imageBudgets }: { imageBudgets: ImageBudgets },
) {
  const { db, config, clock } = ctx;
  const provider = paymentProvider(ctx);
  const access = (request: FastifyRequest) => orderAccessOf(request, { clock, config });

  // --- The customer: by the order's link or their session (decision 073) ---

  app.post(
    '/api/returns',
    { bodyLimit: PHOTOS_BODY, config: { access: 'public', rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request, reply) => {
      const input = parseInput(openReturnSchema, request.body, { form: true });
      const imageBudget = imageBudgets.forRequest(clientKey(request.ip));
      const opened = await openReturnRequest({
        db,
        config,
        clock,
        input,
        access: access(request),
        imageBudget,
        ip: request.ip,
      });
      return reply.status(201).send(opened);
    },
  );

  app.get<{ Params: { orderNumber: string } }>(
    '/api/returns/for-order/:orderNumber',
    referenceLookup(perReference('orderNumber'), { max: 60, timeWindow: '1 minute' }),
    async (request) => returnableOrder({ db, orderNumber: request.params.orderNumber, access: access(request) }),
  );
  app.get<ByNumber>('/api/returns/:returnNumber', privateLookup('returnNumber'), async (request) =>
    getReturnForViewer({ db, config, returnNumber: request.params.returnNumber, access: access(request) }),
  );
  app.post<ByNumber>(
    '/api/returns/:returnNumber/cancel',
    referenceLookup(BY_RETURN, { max: 20, timeWindow: '10 minutes' }),
    async (request) =>
      cancelReturn({
        db,
        config,
        clock,
        returnNumber: request.params.returnNumber,
        access: access(request),
        ip: request.ip,
      }),
  );
  app.get('/api/account/returns', CUSTOMER, async (request) =>
    customerReturns({ db, customerId: sessionUser(request).id }),
  );
  app.get('/api/account/warranty-repairs', CUSTOMER, async (request) =>
    warrantableRepairs({ db, customerId: sessionUser(request).id, now: clock.now() }),
  );

  // --- The admin's Returns tab ---

  registerAdminList(app, {
    db,
    url: '/api/admin/returns',
    schema: adminReturnQuerySchema,
    list: listAdminReturns,
    exportPath: ADMIN_EXPORT_PATHS.returns,
    name: 'returns',
    clock,
    open: ({ query }) => exportReturns({ db, query, batchSize: config.CSV_BATCH_SIZE }),
    detail: { param: 'returnNumber', read: (returnNumber) => adminReturnDetail({ db, config, returnNumber }) },
  });
  const staff = (request: FastifyRequest<ByNumber>) => ({
    db,
    config,
    clock,
    returnNumber: request.params.returnNumber,
    actor: { ...sessionUser(request), ip: request.ip },
  });
  app.post<ByNumber>('/api/admin/returns/:returnNumber/approve', ADMIN, async (request) =>
    said('Request approved', approveReturn(staff(request))),
  );
  app.post<ByNumber>('/api/admin/returns/:returnNumber/decline', ADMIN, async (request) =>
    said(
      'Request declined',
      declineReturn({ ...staff(request), input: parseInput(declineReturnSchema, request.body, { form: true }) }),
    ),
  );
  app.post<ByNumber>('/api/admin/returns/:returnNumber/schedule', ADMIN, async (request) =>
    said(
      'Collection scheduled',
      scheduleCollection({
        ...staff(request),
        input: parseInput(scheduleCollectionSchema, request.body, { form: true }),
      }),
    ),
  );
  app.post<ByNumber>('/api/admin/returns/:returnNumber/refund', ADMIN, async (request) =>
    said('Refund processed successfully', refundReturn({ ...staff(request), provider })),
  );
  app.post<ByNumber>('/api/admin/returns/:returnNumber/repair', ADMIN, async (request) =>
    said(
      'Warranty repair opened at no charge',
      repairReturn({ ...staff(request), input: parseInput(repairReturnSchema, request.body ?? {}, { form: true }) }),
    ),
  );
  app.post<ByNumber>('/api/admin/returns/:returnNumber/replace', ADMIN, async (request) =>
    said('Replacement order placed', replaceReturn(staff(request))),
  );
  app.post<ByNumber>('/api/admin/returns/:returnNumber/send-back', ADMIN, async (request) =>
    said(
      'Device returned to the customer',
      sendBackReturn({ ...staff(request), input: parseInput(resolveReturnSchema, request.body ?? {}, { form: true }) }),
    ),
  );

  // --- The agent's collections ---

  app.get('/api/agent/returns', AGENT, async (request) =>
    listAgentCollections({ db, agentId: sessionUser(request).id }),
  );
  app.post<ByNumber>('/api/agent/returns/:returnNumber/collect', AGENT, async (request) =>
    said('Device marked as collected', collectReturn(staff(request))),
  );
  app.post<ByNumber>(
    '/api/agent/returns/:returnNumber/inspect',
    { bodyLimit: PHOTOS_BODY, ...AGENT },
    async (request) =>
      said(
        'Inspection recorded',
        inspectReturn({
          ...staff(request),
          input: parseInput(inspectReturnSchema, request.body, { form: true }),
          imageBudget: imageBudgets.forRequest(clientKey(request.ip)),
        }),
      ),
  );

  // The customer's and the agent's photos: private, to the admin and the request's agent only.
  const photo = async (request: FastifyRequest, reply: FastifyReply) => {
    const { returnNumber, stage, position } = parseInput(photoParams, request.params);
    const { w } = parseInput(tradeInPhotoQuerySchema, request.query);
    const viewer = sessionUser(request);
    const row = await findReturn(db, returnNumber);
    if (!row || (viewer.role === 'agent' && row.agentId !== viewer.id)) throw returnNotFound();
    const found = await getReturnPhoto({ db, requestId: row.id, stage, position, width: w });
    return reply.header('cache-control', 'private, max-age=300').type(found.contentType).send(found.data);
  };
  app.get('/api/admin/returns/:returnNumber/photos/:stage/:position', ADMIN, photo);
  app.get('/api/agent/returns/:returnNumber/photos/:stage/:position', AGENT, photo);
}
