import type { FastifyInstance } from 'fastify';
import { enrolmentConfirmSchema, recoveryCodeSchema, totpCodeSchema } from '../../../shared/staff-mfa';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { replySignedIn, requestSession } from './guard';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from './second-factor';

/** The second step of a staff sign-in: the only routes a pending session reaches (docs/decisions/041). */
const STEP = { config: { access: ['agent', 'admin'], secondFactorStep: true } } as const;
const FORM = { form: true } as const;

export function registerSecondFactorRoutes(app: FastifyInstance, { db, config, clock }: AppContext) {
  app.post('/api/auth/mfa/enrolment', STEP, async (request, reply) => {
    // The secret and the recovery codes are for this screen alone: no cache keeps them.
    reply.header('cache-control', 'no-store');
    return startEnrolment({ db, clock, session: requestSession(request) });
  });

  app.post('/api/auth/mfa/enrolment/confirm', STEP, async (request, reply) => {
    const { code } = parseInput(enrolmentConfirmSchema, request.body, FORM);
    const session = requestSession(request);
    return replySignedIn(
      reply,
      config,
      await confirmEnrolment({ db, config, clock, session, code, address: request.ip }),
    );
  });

  // The code from the app, or one of the recovery codes.
  for (const [url, schema] of [
    ['/api/auth/mfa/code', totpCodeSchema],
    ['/api/auth/mfa/recovery', recoveryCodeSchema],
  ] as const) {
    app.post(url, STEP, async (request, reply) => {
      const proof = parseInput(schema, request.body, FORM);
      const session = requestSession(request);
      const signedIn = await verifySecondFactor({ db, config, clock, session, proof, address: request.ip });
      return replySignedIn(reply, config, signedIn);
    });
  }
}
