import { z } from 'zod';
import { DATE_PATTERN } from './repair-calendar';

/**
 * The date filters of the staff's lists and reports: a day typed as YYYY-MM-DD, and a `from`-`to`
 * range whose end is never before its start.
 */

/** A list's date filter: a day, or empty for no bound (the default); `label` names it in its message. */
export const dateFilter = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || DATE_PATTERN.test(value), `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .default('');

/** `schema` with its `from` and `to` in order: either end may be open; both given, `to` is not before `from`. */
export const inDateOrder = <Schema extends z.ZodType<{ from?: string; to?: string }>>(schema: Schema) =>
  schema.refine((query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'To must be on or after From',
  });
