import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { headedEmail, linkHtml } from '../../lib/email-layout';
import type { OutgoingEmail } from '../mail';

/**
 * Who an account email greets and where it goes; `id` ties it to the user in the outbox, when there is
 * one. An address nobody has proven (a sign-up's, a new email's) gets no name: whoever asked typed it.
 */
interface Recipient {
  email: string;
  firstName?: string;
  id?: string;
}

const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

/** One account email: a greeting, paragraphs, then links on lines of their own. */
function accountEmail(
  to: Recipient,
  kind: string,
  {
    subject,
    paragraphs,
    links = [],
    containsSecret = false,
  }: {
    subject: string;
    paragraphs: string[];
    links?: { label: string; href: string }[];
    containsSecret?: boolean;
  },
): OutgoingEmail {
  const { text, html } = headedEmail(`Hi ${to.firstName || 'there'},`, paragraphs, {
    text: links.map((l) => `${l.label}: ${l.href}`),
    html: links.map((l) => linkHtml(l.label, l.href)),
  });
  return {
    kind,
    to: to.email,
    subject,
    text,
    html,
    containsSecret,
    ...(to.id ? { entity: { type: 'user', id: to.id } } : {}),
  };
}

export const RESET_LINK_HOURS = 1;
export const SIGN_UP_LINK_HOURS = 24;
export const EMAIL_CHANGE_LINK_HOURS = 24;

export function passwordResetEmail(user: Recipient, token: string, publicUrl: string): OutgoingEmail {
  return accountEmail(user, 'password_reset', {
    subject: `Reset your ${STORE.name} password`,
    paragraphs: [
      `Someone asked to reset the password of your ${STORE.name} account. To choose a new password, open this link within ${RESET_LINK_HOURS} hour. It is yours alone: do not share it. A newer request replaces it.`,
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    links: [{ label: 'Reset my password', href: absolute(publicUrl, `${paths.resetPassword}?token=${token}`) }],
    containsSecret: true,
  });
}

/**
 * The link that makes a new account: to the address alone, and nothing in it that the sign-up form
 * said (anyone may sign an address up).
 */
export function signUpLinkEmail(email: string, token: string, publicUrl: string): OutgoingEmail {
  return accountEmail({ email }, 'sign_up_link', {
    subject: `Finish creating your ${STORE.name} account`,
    paragraphs: [
      `To finish creating your ${STORE.name} account, open this link within ${SIGN_UP_LINK_HOURS} hours and enter the password you chose. It is yours alone: do not share it.`,
      'If you did not sign up, ignore this email: no account is made without it.',
    ],
    links: [{ label: 'Finish creating my account', href: absolute(publicUrl, `${paths.signup}?token=${token}`) }],
    containsSecret: true,
  });
}

/** Where the owner of an address signs in: the shop's form, or the portal's for staff. */
const signInLink = (user: { role: string }, publicUrl: string) => ({
  label: 'Sign in',
  href: absolute(publicUrl, user.role === 'customer' ? paths.auth : paths.agentLogin),
});

/** What the owner of a taken email hears when someone signs up with it: the sign-up itself answers as for a new one. */
export function signUpTakenEmail(user: Recipient & { role: string }, publicUrl: string): OutgoingEmail {
  return accountEmail(user, 'sign_up_taken', {
    subject: `Someone tried to sign up with your ${STORE.name} email`,
    paragraphs: [
      `Someone tried to create a ${STORE.name} account with this email address, which already has an account. No new account was made.`,
      'If it was you, sign in, or reset your password if you have forgotten it. If it was not you, ignore this email: nothing has changed.',
    ],
    links: [
      signInLink(user, publicUrl),
      { label: 'Reset my password', href: absolute(publicUrl, paths.forgotPassword) },
    ],
  });
}

/**
 * The link that makes `email` an account's email, to that address alone. It names no account: the
 * account's name is whatever its holder typed, and the address has not said it wants to hear it.
 */
export function emailChangeLinkEmail(email: string, userId: string, token: string, publicUrl: string): OutgoingEmail {
  return accountEmail({ email, id: userId }, 'email_change_link', {
    subject: `Confirm your new ${STORE.name} email`,
    paragraphs: [
      `Someone asked to make this address the email of a ${STORE.name} account. To confirm, open this link within ${EMAIL_CHANGE_LINK_HOURS} hours and enter that account's password. It is yours alone: do not share it.`,
      'If it was not you, ignore this email: nothing changes without it.',
    ],
    links: [{ label: 'Confirm my new email', href: absolute(publicUrl, `${paths.confirmEmail}?token=${token}`) }],
    containsSecret: true,
  });
}

/** What the owner of a taken email hears when another account asks to move to it: the request itself answers as for a free one. */
export function emailChangeTakenEmail(user: Recipient & { role: string }, publicUrl: string): OutgoingEmail {
  return accountEmail(user, 'email_change_taken', {
    subject: `Someone tried to use your email for another ${STORE.name} account`,
    paragraphs: [
      `Someone asked to change the email of a ${STORE.name} account to this address, which already has an account. Nothing has changed: one address belongs to one account.`,
      'If it was you, sign in with this address instead. If it was not you, ignore this email.',
    ],
    links: [signInLink(user, publicUrl)],
  });
}

/** Told to the old address once the new one is confirmed, so its owner notices a change they did not make. */
export function emailChangedEmail(user: Recipient, newEmail: string): OutgoingEmail {
  return accountEmail(user, 'email_changed', {
    subject: `Your ${STORE.name} email was changed`,
    paragraphs: [
      `The email of your ${STORE.name} account was changed to ${newEmail}.`,
      `If you did not make this change, reply to this email or contact ${STORE.email} at once.`,
    ],
  });
}
