import type { FastifyInstance } from 'fastify';
import { contactMessageSchema } from '../../../shared/contact';
import { CONTACT_NOTICE, paths } from '../../../shared/paths';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { storeContactMessage } from './contact-messages';

const rateLimit = { max: 10, timeWindow: '1 minute' };

export function registerContactRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post('/api/contact', { config: { access: 'public', rateLimit } }, async (request, reply) => {
    const message = parseInput(contactMessageSchema, request.body);
    const { id } = await storeContactMessage({ db, message });
    return reply.status(201).send({ id });
  });

  // The same form posted by a browser without JavaScript (docs/decisions/054): the same schema, stored the
  // same way, answered with a redirect to the page and a notice there (a reload then sends nothing again).
  void app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    form.post(paths.contact, { config: { csrf: 'same-origin', rateLimit } }, async (request, reply) => {
      const parsed = contactMessageSchema.safeParse(request.body);
      if (!parsed.success) return reply.redirect(`${paths.contact}?${CONTACT_NOTICE}=unsent`, 303);
      await storeContactMessage({ db, message: parsed.data });
      return reply.redirect(`${paths.contact}?${CONTACT_NOTICE}=sent`, 303);
    });
  });
}
