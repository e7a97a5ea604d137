import { z } from 'zod';

/**
 * The staff second factor (docs/decisions/041): after the right password an agent or the admin
 * holds a pending session that opens only these steps, then enters a code from their authenticator
 * app (or a recovery code), or sets the app up on their first sign-in.
 */
export const MFA_REQUIRED = 'MFA_REQUIRED';

/** What a pending session must do next: set up an authenticator app, or enter its code. */
type SecondFactorStep = 'enrol' | 'code';

export interface PendingSecondFactor {
  role: 'agent' | 'admin';
  step: SecondFactorStep;
  /** Who signed in (the name shown on the step's screen). */
  name: string;
}

export const MFA_MESSAGES = {
  required: 'Enter the code from your authenticator app to finish signing in',
  codeInvalid: 'That code is not right. Check your authenticator app and try again.',
  // The usual cause at setup: the app holds an entry from an earlier QR code, or the phone's clock is off.
  enrolCodeInvalid:
    "That code does not match this setup. Use the QuickBuy entry you added from this page's QR code (remove any older one), and check that your phone sets its time automatically.",
  enrolExpired: 'This setup expired. Reload the page to get a new QR code and recovery codes.',
  codeUsed: 'That code was already used. Wait for the next code in your authenticator app.',
  recoveryInvalid: 'That recovery code is not right, or it was already used.',
  enrolFirst: 'Set up your authenticator app first',
  alreadyEnrolled: 'Your authenticator app is already set up',
  notPending: 'You are already signed in',
  saveCodes: 'Confirm that you saved your recovery codes',
  reset: 'Authenticator reset: the agent sets up a new one at their next sign-in',
  resetFailed: 'Failed to reset the authenticator',
} as const;

const sixDigits = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** POST /api/auth/mfa/code */
export const totpCodeSchema = z.object({ code: sixDigits });

/** POST /api/auth/mfa/recovery: any spacing, dashes or case. */
export const recoveryCodeSchema = z.object({
  recoveryCode: z
    .string({ error: 'Enter one of your recovery codes' })
    .trim()
    .min(1, 'Enter one of your recovery codes')
    .max(40, 'A recovery code is at most 40 characters'),
});

/** POST /api/auth/mfa/enrolment/confirm: the first code, once the recovery codes are saved. */
export const enrolmentConfirmSchema = z.object({
  savedRecoveryCodes: z.literal(true, { error: MFA_MESSAGES.saveCodes }),
  code: sixDigits,
});

/** Recovery codes a setup gives, each working once. */
export const RECOVERY_CODE_COUNT = 10;

/** A setup not yet confirmed is shown again, the same secret and codes, for this long; then a new one is made. */
export const ENROLMENT_MINUTES = 60;

/**
 * POST /api/auth/mfa/enrolment: what the authenticator app needs, and the recovery codes; the same
 * again until the setup is confirmed or expires, never after.
 */
export interface EnrolmentReply {
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as a QR code: an SVG data URL. */
  qrCode: string;
  recoveryCodes: string[];
  /** When this setup stops being shown and a new one is made (ISO time). */
  expiresAt: string;
}
