import type { z } from 'zod';
import type { SellReply, sellFormSchema } from '../../../shared/sell-form';
import { api } from '../../lib/api';

/** The seller's device, contact and photos (JPEG data URLs, shrunk in the browser): the trade-in's number and estimate. */
export const submitTradeIn = (input: z.output<typeof sellFormSchema>, photos: string[]) =>
  api.post<SellReply>('/api/trade-ins', { ...input, photos });
