import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';
import { toast } from './toast';

/**
 * The one way to write a form (docs/decisions/015): react-hook-form validating with the same zod
 * schema from src/shared that the route parses, so the browser and the server give the same message.
 * Field names are the schema's keys (nested ones dotted: 'customer.email'), which is what lets a
 * server refusal land under its input (applyServerErrors).
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver' | 'defaultValues'> & {
    defaultValues?: DefaultValues<z.input<Schema>>;
  } = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * Puts a refused request's per-field messages (a 4xx's `error.fields`) under the form's inputs and
 * focuses the first. Returns what is left for a toast or an alert: the message when no field of this
 * form was named, or when the failure was not the API's (network down), a generic line.
 */
export function applyServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError' | 'getValues'>,
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string | null {
  if (!(error instanceof ApiError)) return fallback;
  let placed = 0;
  for (const [name, message] of Object.entries(error.fields)) {
    if (!hasField(form.getValues(), name)) continue;
    form.setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed > 0 ? null : error.message;
}

/**
 * A form's onSubmit: the schema checks the values (its messages under the inputs, the first one
 * focused, no request), then `send` gets the parsed input. A refusal's fields land under their
 * inputs (applyServerErrors); what is left goes to `report`, a toast unless the form has an alert.
 */
export function submitWith<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  send: (input: Output) => Promise<void>,
  { report = toast.error, fallback }: { report?: (message: string) => void; fallback?: string } = {},
) {
  return (event: FormEvent<HTMLFormElement>) => {
    void form.handleSubmit(async (input) => {
      try {
        await send(input);
      } catch (error) {
        const rest = applyServerErrors(form, error, fallback);
        if (rest) report(rest);
      }
    })(event);
  };
}

/**
 * submitWith for a form that shows its own alert (a FormAlert or a notice) instead of a toast: what
 * a refusal leaves is `alert`, cleared each time the form is sent again.
 */
export function useAlertedSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  send: (input: Output) => Promise<void>,
  fallback?: string,
) {
  const [alert, setAlert] = useState<string | null>(null);
  const onSubmit = submitWith(
    form,
    (input) => {
      setAlert(null);
      return send(input);
    },
    { report: setAlert, fallback },
  );
  return { onSubmit, alert };
}

export type InputProps<Values extends FieldValues> = (
  name: FieldPath<Values>,
  options?: RegisterOptions<Values, FieldPath<Values>>,
) => UseFormRegisterReturn<FieldPath<Values>> & { id: string; error: string | undefined };

/**
 * The props a TextField or SelectField (components/ui/field) needs for one input of the form: its
 * registration, an id unique on the page, and its message. `const input = inputProps(form, useId())`,
 * then `<TextField label="Email" {...input('email')} />`; nested names are dotted ('customer.email').
 * `options` go to `register` (`{ setValueAs }` for a number typed as text).
 */
export function inputProps<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'register' | 'formState'>,
  idPrefix: string,
): InputProps<Values> {
  return (name, options) => ({
    ...form.register(name, options),
    id: `${idPrefix}-${name.replaceAll('.', '-')}`,
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  });
}

/** True when `path` ('email', 'customer.email', 'items.0.quantity') names a value the form holds. */
function hasField(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * A dialog's form that sends one action on the route's schema (the admin's Assign and Mark Paid, the
 * agent's Make Offer): a refusal of a field lands under it, anything else (a 409 saying why) in the
 * dialog's own alert (`error`); on success the reply's message is a toast and `done` runs.
 */
export function useActionForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  run: (input: z.output<Schema>) => Promise<{ message: string }>,
  done: () => void,
) {
  const form = useZodForm(schema, { defaultValues });
  const { onSubmit: submit, alert: error } = useAlertedSubmit(form, async (input) => {
    toast.success((await run(input)).message);
    done();
  });
  return { form, submit, error, busy: form.formState.isSubmitting, input: inputProps(form, useId()) };
}
