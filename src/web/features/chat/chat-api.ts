import type { ChatReply } from '../../../shared/chat';
import { api } from '../../lib/api';

/** One question to the assistant, with the recent conversation as its context. */
export const askChat = (question: { message: string; context: string | undefined }) =>
  api.post<ChatReply | undefined>('/api/chat', question);
