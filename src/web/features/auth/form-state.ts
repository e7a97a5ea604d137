import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';

export type FieldErrors = Record<string, string>;

/** The first message per field of a zod failure, keyed by the top-level field name. */
export function issuesToFields(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * One form's values, field errors and submit state. `submit` checks the shared schema first (the
 * same rules the server applies), then calls the server; its error reply lands under the fields
 * and in a toast.
 */
export function useForm<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const set = <K extends keyof T>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name as string]) return e;
      const next = { ...e };
      delete next[name as string];
      return next;
    });
  };

  async function submit<S extends z.ZodType>(schema: S | null, send: (input: T) => Promise<void>) {
    if (schema) {
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        const fields = issuesToFields(parsed.error);
        setErrors(fields);
        const first = Object.values(fields)[0];
        if (first) toast.error(first);
        return;
      }
    }
    setPending(true);
    setErrors({});
    try {
      await send(values);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        toast.error(error.message);
      } else {
        toast.error('Something went wrong. Please try again.');
      }
    } finally {
      setPending(false);
    }
  }

  return { values, set, setValues, errors, setErrors, pending, submit };
}
