import { z } from 'zod';

// The two kinds of free-text field the spec's forms have (section 5 of each document), written once
// so every form words its limits the same way.

/**
 * Text the form must have: trimmed, not empty, at most `max` characters. The refusal reads
 * '{label} is required' unless the spec words it itself (`message`).
 */
export const required = (label: string, max = 120, message = `${label} is required`) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} is at most ${max} characters`);

/** Text the form may leave out: trimmed, at most `max` characters, and '' when missing. */
export const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is at most ${max} characters`).optional().default('');
