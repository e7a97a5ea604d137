import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  activateAccountSchema,
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  MeReply,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  SignUpReply,
} from '../../../shared/accounts';
import type { EnrolmentReply } from '../../../shared/staff-mfa';
import { api } from '../../lib/api';
import { readMe } from '../../lib/use-session';

type Message = { message: string };

/** The customer's sign-in; the reply's user is who is signed in now. */
export const signIn = (credentials: z.output<typeof signinSchema>) =>
  api.post<MeReply>('/api/auth/signin', credentials);

/** The account is made only once the emailed link is used (finishSignUp); the reply says where to look. */
export const signUp = (details: z.output<typeof signupSchema>) => api.post<SignUpReply>('/api/auth/signup', details);

/** The sign-up link's token with the password the account gets: the account is made and signed in. */
export const finishSignUp = (activation: z.output<typeof activateAccountSchema>) =>
  api.post<MeReply>('/api/auth/activate', activation);

/** The token of the link emailed to a new address, with the account's password: the account's email changes. */
export const confirmEmailChange = (confirmation: z.output<typeof confirmEmailChangeSchema>) =>
  api.post<Message>('/api/auth/confirm-email', confirmation);

export const askPasswordReset = (request: z.output<typeof forgotPasswordSchema>) =>
  api.post<Message>('/api/auth/forgot-password', request);

export const resetPassword = (reset: z.output<typeof resetPasswordSchema>) =>
  api.post<Message>('/api/auth/reset-password', reset);

/**
 * The staff sign-in's posts: the password on the portal's two tabs, then the second factor. Each is
 * checked by its own route's schema; the forms that share them are typed loosely, and so are these.
 */
const staffPost = (path: string) => (body: Record<string, unknown>) => api.post<MeReply>(path, body);

export const staffSignIn = {
  agent: staffPost('/api/auth/agent/signin'),
  admin: staffPost('/api/auth/admin/signin'),
};

export const secondFactor = {
  code: staffPost('/api/auth/mfa/code'),
  recovery: staffPost('/api/auth/mfa/recovery'),
  confirmEnrolment: staffPost('/api/auth/mfa/enrolment/confirm'),
};

/** Who this browser's session is, with the second factor it still owes: a reload on the code screen stays there. */
export const useMe = () => useQuery({ queryKey: ['auth', 'me'], queryFn: readMe });

/**
 * A first staff sign-in's new authenticator secret and recovery codes. Asked for once per visit of
 * the page: a second ask would replace the secret the person is scanning.
 */
export const useEnrolment = () =>
  useQuery({
    queryKey: ['auth', 'mfa', 'enrolment'],
    queryFn: () => api.post<EnrolmentReply>('/api/auth/mfa/enrolment'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
