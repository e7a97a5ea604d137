import type { FastifyInstance } from 'fastify';
import { contactMessageSchema } from '../../../shared/contact';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { storeContactMessage } from './service';

export function registerContactRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post(
    '/api/contact',
    { config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const message = parseInput(contactMessageSchema, request.body);
      const { id } = await storeContactMessage({ db, message });
      return reply.status(201).send({ id });
    },
  );
}
