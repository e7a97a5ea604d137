import { readFileSync } from 'node:fs';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../shared/accounts';
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

/** The rule a new password breaks, or null; the length rules are also in the shared schemas. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

/** Throws a 400 naming the field when a new password breaks a rule. */
export function assertAcceptablePassword(password: string, field: string) {
  const problem = passwordProblem(password);
  if (problem) throw invalidField(field, problem);
}
