import { useQueryClient } from '@tanstack/react-query';
import type { ProfileSavedReply, passwordChangeSchema, profileSchema } from '../../../shared/accounts';
import type { z } from 'zod';
import { ACCOUNT_KEYS } from '../../lib/account-reads';
import { api } from '../../lib/api';

/**
 * The Profile tab's saves (any signed-in role). A saved profile replaces the cached one, so every page
 * reading it (lib/account-reads) shows the change; each resolves to the server's reply.
 */
export function useProfileSaves() {
  const client = useQueryClient();
  const saved = (reply: ProfileSavedReply) => {
    client.setQueryData(ACCOUNT_KEYS.profile, reply.profile);
    return reply;
  };
  return {
    /** A new email comes back as `pendingEmail`: it changes once the link emailed to it is used. */
    saveProfile: async (changes: z.output<typeof profileSchema>) =>
      saved(await api.put<ProfileSavedReply>('/api/account/profile', changes)),
    /** The picture as a data URL; the server checks what the bytes are, whatever the file said. */
    savePicture: async (image: string) =>
      saved(await api.post<ProfileSavedReply>('/api/account/profile/picture', { image })),
  };
}

/** The current password is checked by the server. Resolves to the server's message. */
export const changePassword = async (change: z.output<typeof passwordChangeSchema>) =>
  (await api.post<{ message: string }>('/api/account/password', change)).message;
