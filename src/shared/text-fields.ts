import { z } from 'zod';

// The kinds of free-text field the spec's forms have (section 5 of each document), written once so
// every form words its limits the same way, and every one refuses control characters.

// Matching control characters is the point of these two: C0 and DEL, and the same but tab, LF and CR.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Whether `text` holds a control character: a C0 code (below the space) or DEL. Nobody types them;
 * PostgreSQL refuses NUL in text, and a line break in a one-line field (a name) reaches email
 * headers and logs. A multi-line field (a textarea) may hold tab, line feed and carriage return.
 */
export function hasControlCharacter(text: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? CONTROL_BUT_LINES : CONTROL).test(text);
}

const controlCharacterMessage = (label: string) => `${label} must not contain control characters`;

/**
 * Trimmed text of at most `max` characters, without control characters: the string every text field
 * is built from (the helpers below, and any schema with a rule of its own). `error` words a value
 * that is not a string at all, `tooLong` one over `max` where a form words it itself.
 */
export const plainText = (
  label: string,
  max: number,
  {
    multiline = false,
    error,
    tooLong = `${label} is at most ${max} characters`,
  }: { multiline?: boolean; error?: string; tooLong?: string } = {},
) =>
  z
    .string({ error })
    .trim()
    .max(max, tooLong)
    .refine((value) => !hasControlCharacter(value, { multiline }), controlCharacterMessage(label));

/**
 * One line the form must have: trimmed, not empty, at most `max` characters. The refusal reads
 * '{label} is required' unless the spec words it itself (`message`).
 */
export const required = (label: string, max = 120, message = `${label} is required`) =>
  plainText(label, max, { error: message }).min(1, message);

/** One line the form may leave out: trimmed, at most `max` characters, and '' when missing. */
export const optionalText = (label: string, max: number) => plainText(label, max).optional().default('');

/** A textarea the form must have: as `required`, line breaks and tabs allowed. */
export const requiredMultiline = (label: string, max: number, message = `${label} is required`) =>
  plainText(label, max, { multiline: true, error: message }).min(1, message);

/** A textarea the form may leave out: as `optionalText`, line breaks and tabs allowed. */
export const optionalMultiline = (label: string, max: number) =>
  plainText(label, max, { multiline: true }).optional().default('');
