import { z } from 'zod';
import { CHAT_LIMITS } from './chat';

/** POST /api/chat. Kept apart from chat.ts so the chat widget's texts do not ship zod. */
export const chatRequestSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CHAT_LIMITS.messageMax, `Message must be at most ${CHAT_LIMITS.messageMax} characters`),
  context: z
    .string({ error: 'Context must be text' })
    .max(CHAT_LIMITS.contextMax, `Context must be at most ${CHAT_LIMITS.contextMax} characters`)
    .optional(),
});
