import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS } from '../../../shared/chat';
import { chatRequestSchema } from '../../../shared/chat-schema';
import type { AppContext } from '../../context';
import { AppError, parseInput } from '../../lib/errors';
import { answerChat } from './service';

/** The chat request, with a one-field failure stated plainly ('Message must be at most 1000 characters'). */
function parseChatRequest(body: unknown) {
  try {
    return parseInput(chatRequestSchema, body);
  } catch (error) {
    const messages = error instanceof AppError && error.fields ? Object.values(error.fields) : [];
    if (error instanceof AppError && messages.length === 1) {
      throw new AppError(error.code, messages[0]!, { status: error.status, fields: error.fields });
    }
    throw error;
  }
}

export function registerChatRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.post(
    '/api/chat',
    { config: { rateLimit: { max: CHAT_LIMITS.perMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const { message, context } = parseChatRequest(request.body);
      return answerChat({ db, config, message, context, log: request.log });
    },
  );
}
