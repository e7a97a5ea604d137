import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  activateAccountSchema,
  adminSigninSchema,
  agentSigninSchema,
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  passwordChangeSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  type MeReply,
  type SignUpReply,
} from '../../../shared/accounts';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { takingAtLeast } from '../../lib/timing';
import { confirmEmailChange } from './email-change';
import { clearSessionCookie, replySignedIn, requestSession, whoAmI } from './guard';
import { changePassword } from './password-change';
import { requestPasswordReset, resetPassword } from './password-reset';
import { pendingSecondFactor } from './second-factor';
import { deleteSession } from './sessions';
import { signIn } from './sign-in';
import { activateAccount, signUp } from './sign-up';

/** Every account payload is a form: a refusal reads as the first rule broken ('Passwords do not match'). */
const FORM = { form: true } as const;
/** Longer than writing a reset and its email takes, so a known and an unknown email answer alike. */
export const FORGOT_PASSWORD_MS = 300;
/**
 * Longer than hashing the password and writing the pending sign-up with its email takes, so a taken
 * email (its owner told by email instead) answers no sooner than a new one.
 */
export const SIGN_UP_MS = 500;
const PUBLIC = { config: { access: 'public' } } as const;
const SIGNED_IN = { config: { access: ['customer', 'agent', 'admin'] } } as const;

/** Sign-up, sign-in, sign-out, who am I, and passwords: changed, forgotten and reset. */
export function registerAuthRoutes(app: FastifyInstance, { db, config, clock }: AppContext) {
  const signedIn = (reply: FastifyReply, result: Parameters<typeof replySignedIn>[2], status = 200) =>
    replySignedIn(reply, config, result, status);

  // --- Sign-up, sign-in, sign-out, who am I -----------------------------------------------------
  // A sign-up answers the same for a new and a taken email, after the same time; the account is made
  // by the emailed link (docs/decisions/042).
  app.post(
    '/api/auth/signup',
    { config: { access: 'public', rateLimit: { max: 60, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const input = parseInput(signupSchema, request.body, FORM);
      await takingAtLeast(config, SIGN_UP_MS, () => signUp({ db, config, clock, input }));
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.signUpCheckEmail } satisfies SignUpReply);
    },
  );

  app.post(
    '/api/auth/activate',
    { config: { access: 'public', rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const { token, password } = parseInput(activateAccountSchema, request.body, FORM);
      return signedIn(reply, await activateAccount({ db, config, clock, token, password }), 201);
    },
  );

  // The link emailed to a new address: anyone holding it, signed in or not, with the account's password.
  app.post(
    '/api/auth/confirm-email',
    { config: { access: 'public', rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    async (request) => {
      const { token, currentPassword } = parseInput(confirmEmailChangeSchema, request.body, FORM);
      await confirmEmailChange({ db, clock, token, currentPassword, address: request.ip });
      return { message: ACCOUNT_MESSAGES.emailChanged };
    },
  );

  // Each role signs in through its own form: the shop's and the portal's Admin tab by email, the
  // portal's Agent tab by username.
  const signInForms = [
    { url: '/api/auth/signin', role: 'customer', schema: signinSchema },
    { url: '/api/auth/agent/signin', role: 'agent', schema: agentSigninSchema },
    { url: '/api/auth/admin/signin', role: 'admin', schema: adminSigninSchema },
  ] as const;
  for (const { url, role, schema } of signInForms) {
    app.post(url, PUBLIC, async (request, reply) => {
      const input = parseInput(schema, request.body, FORM);
      const identifier = 'username' in input ? input.username : input.email;
      const { password } = input;
      return signedIn(reply, await signIn({ db, config, clock, role, identifier, password, address: request.ip }));
    });
  }

  app.post('/api/auth/signout', PUBLIC, async (request, reply) => {
    const session = requestSession(request, { orPending: true });
    if (session) await deleteSession({ db, tokenHash: session.tokenHash });
    clearSessionCookie(reply, config);
    return reply.send({ user: null } satisfies MeReply);
  });

  // A session waiting for its second factor is nobody yet: it learns which step is next.
  app.get('/api/auth/me', PUBLIC, async (request, reply): Promise<MeReply> => {
    reply.header('cache-control', 'no-store');
    const user = sessionUser(request, { optional: true });
    if (user) return { user: whoAmI(user) };
    const pending = requestSession(request, { orPending: true })?.user;
    if (pending && pending.role !== 'customer')
      return { user: null, secondFactor: await pendingSecondFactor(db, pending) };
    return { user: null };
  });

  // --- Passwords --------------------------------------------------------------------------------
  app.post('/api/account/password', SIGNED_IN, async (request: FastifyRequest) => {
    const input = parseInput(passwordChangeSchema, request.body, FORM);
    await changePassword({
      db,
      config,
      clock,
      actor: sessionUser(request),
      tokenHash: requestSession(request).tokenHash,
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      address: request.ip,
    });
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  });

  app.post(
    '/api/auth/forgot-password',
    { config: { access: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (request) => {
      const { email } = parseInput(forgotPasswordSchema, request.body, FORM);
      await takingAtLeast(config, FORGOT_PASSWORD_MS, () => requestPasswordReset({ db, config, clock, email }));
      return { message: ACCOUNT_MESSAGES.forgotSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { access: 'public', rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const input = parseInput(resetPasswordSchema, request.body, FORM);
      await resetPassword({ db, config, clock, token: input.token, password: input.password });
      // Whoever was signed in on this browser is signed out too: every session of the user ended.
      clearSessionCookie(reply, config);
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  );
}
