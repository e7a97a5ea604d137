import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS } from '../../../shared/chat';
import { chatRequestSchema } from '../../../shared/chat-schema';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { answerChat } from './answer';

export function registerChatRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.post(
    '/api/chat',
    { config: { access: 'public', rateLimit: { max: CHAT_LIMITS.perMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const { message, context } = parseInput(chatRequestSchema, request.body, { form: true });
      return answerChat({ db, config, message, context, log: request.log });
    },
  );
}
