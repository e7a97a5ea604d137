import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  activateAccountSchema,
  addressSchema,
  adminSigninSchema,
  agentSigninSchema,
  forgotPasswordSchema,
  passwordChangeSchema,
  paymentDetailsSchema,
  profilePictureSchema,
  profileSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  type MeReply,
  type SignUpReply,
} from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import { MAX_IMAGE_UPLOAD_BYTES } from '../../../shared/images';
import type { AppContext } from '../../context';
import { AppError, parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { takingAtLeast } from '../../lib/timing';
import { storeImage } from '../images/service';
import { listCustomerOrders } from '../orders/customer-orders';
import { clearSessionCookie, registerRoleGuards, replySignedIn, sessionOf } from './guard';
import { registerSecondFactorRoutes } from './mfa-routes';
import { pendingSecondFactor } from './second-factor';
import { deleteSession } from './sessions';
import {
  activateAccount,
  changePassword,
  getAddress,
  getPaymentDetails,
  getProfile,
  requestPasswordReset,
  resetPassword,
  saveAddress,
  savePaymentDetails,
  setProfilePicture,
  signIn,
  signUp,
  updateProfile,
} from './service';

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

const MAX_PICTURE_BYTES = MAX_IMAGE_UPLOAD_BYTES;

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config, clock } = ctx;
  registerRoleGuards(app, ctx);

  const signedIn = (reply: FastifyReply, result: Parameters<typeof replySignedIn>[2], status = 200) =>
    replySignedIn(reply, config, result, status);
  registerSecondFactorRoutes(app, ctx);

  // --- Sign-up, sign-in, sign-out, who am I -----------------------------------------------------
  // A sign-up answers the same for a new and a taken email, after the same time; the account is made
  // by the emailed link (docs/decisions/042).
  app.post(
    '/api/auth/signup',
    { config: { access: 'public', rateLimit: { max: 60, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const input = parseInput(signupSchema, request.body, FORM);
      await takingAtLeast(SIGN_UP_MS, () => signUp({ db, config, clock, input }));
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
    const session = request.auth ?? request.pendingAuth;
    if (session) await deleteSession({ db, tokenHash: session.tokenHash });
    clearSessionCookie(reply, config);
    return reply.send({ user: null } satisfies MeReply);
  });

  // A session waiting for its second factor is nobody yet: it learns which step is next.
  app.get('/api/auth/me', PUBLIC, async (request, reply): Promise<MeReply> => {
    reply.header('cache-control', 'no-store');
    const pending = request.auth ? null : request.pendingAuth?.user;
    if (pending && pending.role !== 'customer')
      return { user: null, secondFactor: await pendingSecondFactor(db, pending) };
    return { user: request.auth?.user ?? null };
  });

  // --- Passwords --------------------------------------------------------------------------------
  app.post('/api/account/password', SIGNED_IN, async (request: FastifyRequest) => {
    const input = parseInput(passwordChangeSchema, request.body, FORM);
    await changePassword({
      db,
      config,
      clock,
      actor: sessionUser(request),
      tokenHash: sessionOf(request).tokenHash,
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
      await takingAtLeast(FORGOT_PASSWORD_MS, () => requestPasswordReset({ db, config, clock, email }));
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

  // --- Profile (any signed-in role) -------------------------------------------------------------
  app.get('/api/account/profile', SIGNED_IN, async (request) => getProfile({ db, userId: sessionUser(request).id }));

  app.put('/api/account/profile', SIGNED_IN, async (request) => {
    const input = parseInput(profileSchema, request.body, FORM);
    const actor = sessionUser(request);
    const profile = await updateProfile({ db, clock, userId: actor.id, actor, address: request.ip, ...input });
    return { message: ACCOUNT_MESSAGES.profileUpdated, profile };
  });

  // The picture arrives as the raw image body, or as JSON { image: 'data:image/...;base64,...' }. Any
  // image/* label is read as bytes, so the bytes decide the type and a refusal names the types taken.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      /^image\/[\w.+-]+$/,
      { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/account/profile/picture',
      {
        bodyLimit: Math.ceil(MAX_PICTURE_BYTES * 1.4),
        config: { ...SIGNED_IN.config, rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => {
        const data = Buffer.isBuffer(request.body)
          ? request.body
          : Buffer.from(parseInput(profilePictureSchema, request.body, FORM).image, 'base64');
        if (data.length > MAX_PICTURE_BYTES) {
          throw new AppError(ERROR_CODES.payloadTooLarge, 'The picture must be at most 5 MB', { status: 413 });
        }
        const { id } = await storeImage({ db, data });
        const profile = await setProfilePicture({ db, clock, actor: sessionUser(request), imageId: id });
        return { message: ACCOUNT_MESSAGES.profileUpdated, profile };
      },
    );
  });

  // --- Customer-only: payment details, orders, address ------------------------------------------
  const customer = { config: { access: ['customer'] } } as const;

  app.get('/api/account/payment-details', customer, async (request) =>
    getPaymentDetails({ db, userId: sessionUser(request).id }),
  );

  app.put('/api/account/payment-details', customer, async (request) => {
    const input = parseInput(paymentDetailsSchema, request.body, FORM);
    const saved = await savePaymentDetails({ db, clock, userId: sessionUser(request).id, input });
    return { message: ACCOUNT_MESSAGES.paymentSaved, ...saved };
  });

  app.get('/api/account/orders', customer, async (request) => ({
    orders: await listCustomerOrders({ db, userId: sessionUser(request).id }),
  }));

  app.get('/api/account/address', customer, async (request) => getAddress({ db, userId: sessionUser(request).id }));

  app.put('/api/account/address', customer, async (request) => {
    const input = parseInput(addressSchema, request.body, FORM);
    const saved = await saveAddress({ db, clock, userId: sessionUser(request).id, input });
    return { message: ACCOUNT_MESSAGES.addressSaved, ...saved };
  });

  // --- The portal's own minimal endpoints (their dashboards come with later issues) ------------
  app.get('/api/agent/profile', { config: { access: ['agent'] } }, async (request) =>
    getProfile({ db, userId: sessionUser(request).id }),
  );
  app.get('/api/admin/me', { config: { access: ['admin'] } }, async (request) => ({ user: sessionOf(request).user }));
}
