import type { FastifyInstance } from 'fastify';
import { trackParamsSchema } from '../../../shared/tracking';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { privateLookup } from '../../lib/keyed-limits';
import { sessionUser } from '../../lib/session-user';
import { orderAccessOf } from '../orders';
import { trackNumber } from './track-number';

/** The track page's one lookup, for whoever holds a reference number. */
export function registerTrackingRoutes(app: FastifyInstance, { db, config, clock }: AppContext) {
  app.get<{ Params: { number: string } }>('/api/track/:number', privateLookup('number'), async (request) => {
    const { number } = parseInput(trackParamsSchema, request.params, { form: true }); // the track box's one field
    return trackNumber({
      db,
      config,
      number,
      viewer: sessionUser(request, { optional: true }),
      orderAccess: orderAccessOf(request, { clock, config }),
    });
  });
}
