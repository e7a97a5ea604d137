import { readFileSync } from 'node:fs';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../shared/accounts';
import { STORE } from '../../../shared/store';
import { invalidField } from '../../lib/errors';

let common: Set<string> | null = null;

/** About 1,100 of the passwords attackers try first, read once from the data file beside this module. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Whose password it is and where: the words an attacker guessing it would try first. */
export interface PasswordContext {
  /** The account's email: its name before the @ (and each part of that name) may not be in the password. */
  email: string;
  /** The store's PUBLIC_URL: its domain's name ('quickbuy' of quickbuy.co.za) may not be in the password. */
  publicUrl: string;
  /** A staff member's username, which they sign in with: kept out of the password as the email's name is. */
  username?: string | null;
  /** Whose password it is to the person typing it: the admin setting an agent's reads "the agent's email". */
  setFor?: 'self' | 'agent';
}

const STORE_NAME = STORE.name;
/** Shorter words are too likely to be in a good password by chance ('tom', 'sa'). */
const MIN_WORD_LETTERS = 4;
/** Labels under a country's domain that are not a name: quickbuy.co.za is named 'quickbuy'. */
const SECOND_LEVEL_LABELS = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu']);
/** The look-alikes people put in place of a letter ('Qu1ckbuy', 'P@ss'). */
const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
};

const lettersOf = (value: string) => value.toLowerCase().replace(/[^\p{L}]/gu, '');

/** The name of the store's domain: 'quickbuy' of https://shop.quickbuy.co.za, none for localhost or an IP address. */
export function storeDomainName(publicUrl: string): string | null {
  const host = new URL(publicUrl).hostname.toLowerCase();
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return null;
  const labels = host.split('.');
  labels.pop(); // the top-level domain
  if (labels.length > 1 && SECOND_LEVEL_LABELS.has(labels.at(-1)!)) labels.pop();
  return labels.at(-1) ?? null;
}

/** The words of `context` no password may contain, as letters only. */
function contextWords({ email, publicUrl, username }: PasswordContext): string[] {
  const names = [email.slice(0, Math.max(0, email.lastIndexOf('@'))), username ?? ''];
  // Each name whole and each of its parts ('lerato' and 'mokoena' of lerato.mokoena).
  const words = [
    STORE_NAME,
    storeDomainName(publicUrl) ?? '',
    ...names.flatMap((n) => [n, ...n.split(/[^\p{L}\p{N}]+/u)]),
  ];
  return [...new Set(words.map(lettersOf))].filter((word) => word.length >= MIN_WORD_LETTERS);
}

/**
 * The password as letters, read the ways a person hides a word in it: digits and symbols dropped,
 * or read as the letters they stand for ('1' and '!' as i or l).
 */
function readings(password: string): string[] {
  const lower = password.toLowerCase();
  const lookAlike = (one: string) =>
    lettersOf([...lower].map((c) => (c === '1' || c === '!' ? one : (LOOK_ALIKES[c] ?? c))).join(''));
  return [lettersOf(lower), lookAlike('i'), lookAlike('l')];
}

function containsContextWord(password: string, context: PasswordContext): boolean {
  const words = contextWords(context);
  return readings(password).some((reading) => words.some((word) => reading.includes(word)));
}

/** The rule a new password breaks, or null; the length rules are also in the shared schemas. */
export function passwordProblem(password: string, context: PasswordContext): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  if (containsContextWord(password, context)) {
    return context.setFor === 'agent' ? PASSWORD_MESSAGES.agentContextWord : PASSWORD_MESSAGES.contextWord;
  }
  return null;
}

/** Throws a 400 naming the field when a new password breaks a rule. */
export function assertAcceptablePassword(password: string, field: string, context: PasswordContext) {
  const problem = passwordProblem(password, context);
  if (problem) throw invalidField(field, problem);
}
