import type { z } from 'zod';
import type { contactMessageSchema } from '../../../shared/contact';
import { api } from '../../lib/api';

/** The contact form's message, kept for the store to answer by email. */
export const sendContactMessage = (message: z.output<typeof contactMessageSchema>) => api.post('/api/contact', message);
