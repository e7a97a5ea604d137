import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  addressSchema,
  paymentDetailsSchema,
  profilePictureSchema,
  profileSchema,
  type ProfileSavedReply,
} from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import { MAX_IMAGE_UPLOAD_BYTES } from '../../../shared/images';
import type { AppContext } from '../../context';
import { clientKey } from '../../lib/client-key';
import { AppError, parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { type ImageBudgets, storeImage } from '../images';
import { getAddress, saveAddress } from './address';
import { registerAuthRoutes } from './auth-routes';
import { whoAmI } from './guard';
import { registerSecondFactorRoutes } from './mfa-routes';
import { getPaymentDetails, savePaymentDetails } from './payment-details';
import { getProfile, setProfilePicture, updateProfile } from './profile';

/** Every account payload is a form: a refusal reads as the first rule broken ('Passwords do not match'). */
const FORM = { form: true } as const;
const SIGNED_IN = { config: { access: ['customer', 'agent', 'admin'] } } as const;

const MAX_PICTURE_BYTES = MAX_IMAGE_UPLOAD_BYTES;

/**
 * Every accounts route: signing in and passwords (auth-routes.ts), the staff second factor
 * (mfa-routes.ts), then the account's own pages: profile, picture, payment details, address.
 */
export function registerAccountRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { imageBudgets }: { imageBudgets: ImageBudgets },
) {
  const { db, config, clock } = ctx;
  registerAuthRoutes(app, ctx);
  registerSecondFactorRoutes(app, ctx);

  // --- Profile (any signed-in role) -------------------------------------------------------------
  app.get('/api/account/profile', SIGNED_IN, async (request) => getProfile({ db, userId: sessionUser(request).id }));

  // A new email is asked for here and made by the link emailed to it (docs/decisions/042); the
  // limit bounds the mail one session can send, beside the current password's own throttle.
  app.put(
    '/api/account/profile',
    { config: { ...SIGNED_IN.config, rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (request): Promise<ProfileSavedReply> => {
      const input = parseInput(profileSchema, request.body, FORM);
      const actor = sessionUser(request);
      const saved = await updateProfile({ db, config, clock, userId: actor.id, actor, address: request.ip, ...input });
      return { message: ACCOUNT_MESSAGES.profileUpdated, ...saved };
    },
  );

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
        const budget = imageBudgets.forRequest(clientKey(request.ip));
        const { id } = await storeImage({ db, data, budget });
        const profile = await setProfilePicture({ db, clock, actor: sessionUser(request), imageId: id });
        return { message: ACCOUNT_MESSAGES.profileUpdated, profile };
      },
    );
  });

  // --- Customer-only: payment details and address (their orders: the orders module) ------------
  const customer = { config: { access: ['customer'] } } as const;

  app.get('/api/account/payment-details', customer, async (request) =>
    getPaymentDetails({ db, userId: sessionUser(request).id }),
  );

  app.put('/api/account/payment-details', customer, async (request) => {
    const input = parseInput(paymentDetailsSchema, request.body, FORM);
    const saved = await savePaymentDetails({ db, clock, userId: sessionUser(request).id, input });
    return { message: ACCOUNT_MESSAGES.paymentSaved, ...saved };
  });

  app.get('/api/account/address', customer, async (request) => getAddress({ db, userId: sessionUser(request).id }));

  app.put('/api/account/address', customer, async (request) => {
    const input = parseInput(addressSchema, request.body, FORM);
    const saved = await saveAddress({ db, clock, userId: sessionUser(request).id, input });
    return { message: ACCOUNT_MESSAGES.addressSaved, ...saved };
  });

  // --- The portals' own: the agent's profile, the admin's who am I ------------------------------
  app.get('/api/agent/profile', { config: { access: ['agent'] } }, async (request) =>
    getProfile({ db, userId: sessionUser(request).id }),
  );
  app.get('/api/admin/me', { config: { access: ['admin'] } }, async (request) => ({
    user: whoAmI(sessionUser(request)),
  }));
}
