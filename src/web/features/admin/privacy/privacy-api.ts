import type { z } from 'zod';
import type { AdminEraseInput, adminPrivacyActionSchema, PersonalDataSummary } from '../../../../shared/personal-data';
import { api } from '../../../lib/api';
import { saveDownload } from '../../../lib/save-download';

/** What the store holds under an address, counted: the first step of a request received by email. */
export const lookUpPersonalData = (email: string) =>
  api.get<PersonalDataSummary>(`/api/admin/privacy?email=${encodeURIComponent(email)}`);

/** The person's copy, saved by the browser as the ZIP the server names; the server audits it with the request. */
export const downloadPersonalData = (input: z.output<typeof adminPrivacyActionSchema>) =>
  saveDownload('/api/admin/privacy/export', input);

/** The person's erasure; resolves to the server's message. */
export const erasePersonalData = async (input: AdminEraseInput) =>
  (await api.post<{ message: string }>('/api/admin/privacy/erase', input)).message;
