import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
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
 * server refusal land under its input (useFormSubmit).
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

/** Where a form says what a failed send leaves once its inputs have taken their messages. */
export interface SubmitOptions {
  /**
   * `toast` (the default), or `alert`: the form shows `alert` in its own FormAlert (a dialog, a page
   * whose refusals read best beside the form), cleared each time the form is sent again.
   */
  report?: 'toast' | 'alert';
  /** Said when the failure was not the API's answer (the network down). */
  fallback?: string;
  /**
   * What else the form does when a send failed, once the messages are placed and the rest reported
   * (`left`, null when every message found its input): the repair wizard goes back to the step of the
   * refused field; the device and agent dialogs toast their failure's title as well.
   */
  onFailure?: (error: unknown, left: string | null) => void;
}

/** What useFormSubmit gives the form: its handler, its alert, and whether a send is running. */
export interface FormSubmit {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What a refusal left, with `report: 'alert'`; always null with a toast. */
  alert: string | null;
  /** True while `send` runs: the submit button is disabled. */
  busy: boolean;
  /** Hides the alert before the next send (the repair wizard, moving to another step). */
  clearAlert: () => void;
}

/**
 * The one way a form submits (docs/decisions/015). The schema checks the values first: its messages
 * go under the inputs, the first invalid one takes the focus, and nothing is sent. Then `send` gets
 * the parsed input; what it does on success (a toast, closing a dialog, moving to the next page) is
 * its own. When it throws, each message of the refusal's `error.fields` that names a value of the form
 * goes under that input (the first one focused); what is left goes to a toast or the form's alert.
 *
 *   const form = useZodForm(addressSchema, { defaultValues });
 *   const { onSubmit, busy } = useFormSubmit(form, async (address) => {
 *     toast.success(await saveAddress(address));
 *     onDone();
 *   });
 */
export function useFormSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  send: (input: Output) => Promise<unknown>,
  { report = 'toast', fallback, onFailure }: SubmitOptions = {},
): FormSubmit {
  const [alert, setAlert] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    void form.handleSubmit(async (input) => {
      setAlert(null);
      try {
        await send(input);
      } catch (error) {
        const left = applyServerErrors(form, error, fallback);
        if (report === 'alert') setAlert(left);
        else if (left) toast.error(left);
        onFailure?.(error, left);
      }
    })(event);
  };
  return { onSubmit, alert, busy: form.formState.isSubmitting, clearAlert: () => setAlert(null) };
}

/**
 * Puts a refused request's per-field messages (a 4xx's `error.fields`) under the form's inputs and
 * focuses the first. Returns what is left to report: the message when no field of this form was
 * named, or when the failure was not the API's (network down), the fallback.
 */
function applyServerErrors<Values extends FieldValues>(
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
