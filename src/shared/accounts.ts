import { z } from 'zod';
import type { OrderPaymentStatus } from './orders';
import type { PendingSecondFactor } from './staff-mfa';
import { optionalText, required } from './text-fields';

export const ROLES = ['customer', 'agent', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'Northern Cape',
  'North West',
  'Western Cape',
] as const;

export const ID_TYPES = [
  { value: 'id', label: 'ID Number', placeholder: 'ID number' },
  { value: 'passport', label: 'Passport Number', placeholder: 'Passport number' },
] as const;

export const BANKS = ['ABSA', 'FNB', 'Standard Bank', 'Nedbank', 'Capitec'] as const;
export const ACCOUNT_TYPES = ['savings', 'current', 'transmission'] as const;
export const PAYMENT_METHODS = [
  { value: 'paystack', label: 'Paystack' },
  { value: 'bank', label: 'Bank Transfer' },
  { value: 'card', label: 'Credit/Debit Card' },
] as const;

/** Who is signed in, as GET /api/auth/me tells the app. */
export type SessionUser =
  | { role: 'customer'; id: string; email: string; firstName: string; lastName: string }
  | { role: 'agent'; id: string; username: string; name: string; email: string }
  | { role: 'admin'; id: string; email: string; name: string };

export interface MeReply {
  user: SessionUser | null;
  /** A staff password was right and the second factor is next (user is null until then). */
  secondFactor?: PendingSecondFactor;
}

// ---------------------------------------------------------------------------------------------
// Payload schemas: one per endpoint, used by the forms and by the routes (messages are the spec's).
// ---------------------------------------------------------------------------------------------

/** One minimum for every new password, above the spec's 6 on purpose (docs/decisions/017). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be at most 200 characters long',
  tooCommon: 'This password is too common: choose another',
  contextWord: 'Password must not contain QuickBuy or the part of your email before the @',
  // The admin sets an agent's password: the words are the agent's, not the admin's.
  agentContextWord:
    "Password must not contain QuickBuy, the agent's username or the part of the agent's email before the @",
  mismatch: 'Passwords do not match',
  newMismatch: 'New passwords do not match',
} as const;

export const ACCOUNT_MESSAGES = {
  /** What every sign-up answers, for a new email and a taken one alike: the rest happens by email. */
  signUpCheckEmail: 'Check your email to finish creating your account',
  activationInvalid: 'This sign-up link is invalid or has expired. Please sign up again.',
  emailChangeInvalid: 'This link is invalid or has expired. Change your email again from your profile.',
  emailChanged: 'Your email has been changed. Use it to sign in from now on.',
  invalidCustomer: 'Invalid email or password',
  /** Shown after any refused customer sign-in: an account is made only once its emailed link is opened. */
  signUpLinkFirst:
    'Signed up a moment ago? Your account is made when you open the link we emailed you: open it first, then sign in.',
  invalidAgent: 'Invalid agent credentials. Please check your username and password.',
  invalidAdmin: 'Invalid admin credentials. Please check your email and password.',
  rateLimited: 'Too many sign-in attempts. Please try again in 15 minutes.',
  signInRequired: 'Please sign in',
  forbidden: 'You do not have access to this',
  /** Under the Email field once a new email is asked for, whoever holds it: the change waits for its link. */
  emailChangePending: (email: string) =>
    `We sent a link to ${email}: your email changes once you open it and enter your password.`,
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordForEmail: 'Enter your current password to change your email',
  passwordChanged: 'Password changed successfully!',
  forgotSent: 'If an account exists for that email, we have sent a reset link.',
  resetInvalid: 'This reset link is invalid or has expired',
  resetDone: 'Your password has been reset. You can sign in now.',
  profileUpdated: 'Profile updated successfully!',
  paymentSaved: 'Payment details saved successfully',
  bankMissing: 'Please fill in all required bank details',
  cardMissing: 'Please fill in all required card details',
  addressSaved: 'Address saved successfully',
  loginSuccess: 'Login successful!',
  signupSuccess: 'Account created successfully!',
  adminWelcome: 'Welcome to the Admin Portal!',
} as const;

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/**
 * Every new password (sign-up, reset, password change): the length rules a browser can check, one
 * message each; the common-password and context-word blocks are the server's (it holds the list and
 * knows the account's email and the store's domain).
 */
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

const idTypeValues = ID_TYPES.map((t) => t.value) as ['id', 'passport'];

export const addressSchema = z.object({
  apartment: z.string().trim().max(120, 'Apartment is at most 120 characters').optional().default(''),
  city: required('City', 80),
  province: z.enum(PROVINCES, { error: 'Choose a province' }),
  postalCode: required('Postal code', 10),
});
export type AddressInput = z.input<typeof addressSchema>;

/** The password typed a second time; confirmationMatches compares it. */
const confirmPasswordField = z.string({ error: 'Confirm your password' });

/**
 * The confirmation rule of every new-password form, on `confirmPassword`. zod runs an object's refine
 * only once every field passes, so a sign-up said 'Passwords do not match' only after the rest was
 * fixed; `when` runs it as soon as both passwords are typed, beside the other fields' messages.
 */
function confirmationMatches(key: 'password' | 'newPassword', message: string) {
  const typed = (value: unknown) => typeof value === 'string' && value !== '';
  return [
    (form: { confirmPassword: string } & Partial<Record<typeof key, string>>) => form[key] === form.confirmPassword,
    {
      path: ['confirmPassword'] as PropertyKey[],
      message,
      when: ({ value }: { value: unknown }) => {
        const form = (value ?? {}) as Record<string, unknown>;
        return typed(form[key]) && typed(form.confirmPassword);
      },
    },
  ] as const;
}

export const signupSchema = z
  .object({
    firstName: required('First name', 60),
    lastName: required('Last name', 60),
    email: emailField,
    phone: required('Phone', 30),
    idType: z.enum(idTypeValues, { error: 'Choose an ID type' }),
    idNumber: required('ID number', 30),
    ...addressSchema.shape,
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
    acceptTerms: z.literal(true, { error: 'You must accept the Terms of Service and Privacy Policy' }),
  })
  .refine(...confirmationMatches('password', PASSWORD_MESSAGES.mismatch));
export type SignupInput = z.input<typeof signupSchema>;

/** A password being signed in with: only its presence is checked. */
const enteredPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH);

export const signinSchema = z.object({
  email: emailField,
  password: enteredPassword,
});
export type SigninInput = z.input<typeof signinSchema>;

export const agentSigninSchema = z.object({
  username: required('Username', 60),
  password: enteredPassword,
});
export type AgentSigninInput = z.input<typeof agentSigninSchema>;

export const adminSigninSchema = signinSchema;
export type AdminSigninInput = SigninInput;

/** The account's password, asked again before a change that needs it: only its presence is checked. */
const currentPasswordField = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX_LENGTH);

/** The token of an emailed link, carried by its page's form. */
const linkToken = (missing: string) => z.string({ error: missing }).min(1, missing);

/** A new password set through an emailed link (sign-up, reset): the link's token, the password twice. */
const newPasswordByLink = (missingToken: string) =>
  z
    .object({ token: linkToken(missingToken), password: newPasswordField, confirmPassword: confirmPasswordField })
    .refine(...confirmationMatches('password', PASSWORD_MESSAGES.mismatch));

/** Password change (any signed-in role): the same rule as sign-up for the new one. */
export const passwordChangeSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: 'Confirm your new password' }),
  })
  .refine(...confirmationMatches('newPassword', PASSWORD_MESSAGES.newMismatch));
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

/**
 * The page of the emailed sign-up link: whoever holds the link sets the account's password (the one
 * chosen at sign-up keeps the form's details with it) and is signed in.
 */
export const activateAccountSchema = newPasswordByLink('The sign-up link is missing its token');
export type ActivateAccountInput = z.input<typeof activateAccountSchema>;

/** The page of the link emailed to a new address: the account's password makes it the account's email. */
export const confirmEmailChangeSchema = z.object({
  token: linkToken('The link is missing its token'),
  currentPassword: currentPasswordField,
});
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeSchema>;

/** What POST /api/auth/signup answers, whoever holds the email. */
export interface SignUpReply {
  message: string;
}

export const resetPasswordSchema = newPasswordByLink('The reset link is missing its token');

export const profileSchema = z.object({
  name: required('Name', 120),
  email: emailField,
  /** Needed only to change the email: whoever holds the session must also know the password. */
  currentPassword: z.string().max(200).optional().default(''),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** POST /api/account/profile/picture as JSON: the picture as a data URL or bare base64, read as its base64. */
export const profilePictureSchema = z.object({
  image: z
    .string({ error: 'Choose an image file' })
    .regex(/^(data:image\/[\w.+-]+;base64,)?[A-Za-z0-9+/=\s]+$/, 'Choose an image file')
    .transform((image) => image.slice(image.indexOf(',') + 1)),
});

/**
 * What PUT /api/account/profile answers. `pendingEmail`: the new email asked for, which changes once
 * the link emailed to it is used; the same whether or not another account holds it.
 */
export interface ProfileSavedReply {
  message: string;
  profile: ProfileReply;
  pendingEmail?: string;
}

export interface ProfileReply {
  role: Role;
  name: string;
  email: string;
  profilePicture: string | null;
  phone: string;
  /** Customers only; the number masked. */
  identification: { type: 'id' | 'passport'; number: string } | null;
}

const paymentMethodValues = PAYMENT_METHODS.map((m) => m.value) as ['paystack', 'bank', 'card'];
export type PaymentMethod = (typeof paymentMethodValues)[number];

/** Payment details (spec 000 section 5); the server keeps a card's brand, last four and expiry only. */
export const paymentDetailsSchema = z
  .object({
    method: z.enum(paymentMethodValues, { error: 'Choose a payment method' }),
    accountNumber: optionalText('Account number', 20),
    bankName: z
      .union([z.enum(BANKS, { error: 'Choose a bank from the list' }), z.literal('')])
      .optional()
      .default(''),
    accountType: z
      .union([z.enum(ACCOUNT_TYPES, { error: 'Choose an account type' }), z.literal('')])
      .optional()
      .default(''),
    accountHolder: optionalText('Account holder', 120),
    branchCode: optionalText('Branch code', 10),
    cardNumber: optionalText('Card number', 19),
    expiryDate: optionalText('Expiry date', 5),
    cvv: optionalText('CVV', 4),
    cardHolder: optionalText('Card holder', 120),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'bank') {
      if (!v.accountNumber || !v.bankName || !v.accountHolder) {
        ctx.addIssue({ code: 'custom', path: ['method'], message: ACCOUNT_MESSAGES.bankMissing });
      } else if (!/^\d{6,20}$/.test(v.accountNumber)) {
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'Account number must be digits only' });
      }
    }
    if (v.method === 'card') {
      if (!v.cardNumber || !v.expiryDate || !v.cvv) {
        ctx.addIssue({ code: 'custom', path: ['method'], message: ACCOUNT_MESSAGES.cardMissing });
        return;
      }
      if (!/^\d{12,19}$/.test(v.cardNumber.replace(/[\s-]/g, ''))) {
        ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: 'Enter a valid card number' });
      }
      if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(v.expiryDate)) {
        ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Expiry date must be MM/YY' });
      }
      if (!/^\d{3,4}$/.test(v.cvv)) {
        ctx.addIssue({ code: 'custom', path: ['cvv'], message: 'CVV must be 3 or 4 digits' });
      }
    }
  });
export type PaymentDetailsInput = z.input<typeof paymentDetailsSchema>;

export interface PaymentDetailsReply {
  details: {
    method: PaymentMethod;
    bank: {
      bankName: string;
      accountType: string;
      accountHolder: string;
      branchCode: string;
      /** '••••1234' */
      accountNumber: string;
    } | null;
    card: { brand: string; last4: string; expiryDate: string; cardHolder: string } | null;
  } | null;
}

export interface AccountOrder {
  orderNumber: string;
  date: string;
  status: string;
  /** 'awaiting_payment': unpaid and still held (the list shows no closed unpaid order). */
  paymentStatus: OrderPaymentStatus;
  total: number;
  currency: string;
  /** Placed without an account, with the address this account was made with (shown with a word saying so). */
  placedAsGuest: boolean;
}

export interface AddressReply {
  address: { apartment: string; city: string; province: string; postalCode: string } | null;
}

/** '••••1234': all but the last four hidden. */
export function maskTail(value: string, visible = 4): string {
  const tail = value.slice(-visible);
  return `••••${tail}`;
}
