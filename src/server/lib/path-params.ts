import type { FastifyInstance } from 'fastify';
import { hasControlCharacter } from '../../shared/text-fields';
import { CONTROL_CHARACTER_MESSAGE, invalidFields } from './errors';

/**
 * Refuses a path parameter holding a control character (/api/track/TXN%00) with 400 before the route
 * runs. Parameters reach queries as they are, and PostgreSQL refuses NUL in text: without this one
 * check each route would answer such a path with a 500.
 */
export function registerPathParamGuard(app: FastifyInstance) {
  // A callback hook: nothing in it waits.
  app.addHook('onRequest', (request, _reply, done) => {
    for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string' && hasControlCharacter(value)) {
        return done(invalidFields({ [name]: CONTROL_CHARACTER_MESSAGE }));
      }
    }
    done();
  });
}
