import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * Form fields with a real <label>, the error message under the field, and aria-invalid /
 * aria-describedby wired up. One component per native control; a form spreads
 * `inputProps(form, id)(name)` (lib/forms) into one of them.
 */
interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  optional?: boolean;
  /** Keeps a line for the message while there is none: what is under the field stays put when one comes. */
  reserveMessageLine?: boolean;
  className?: string;
  children: ReactNode;
}

export const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/20';

export function fieldIds(id: string, error?: string, hint?: ReactNode) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

/** The message under a field, which its control names in aria-describedby. */
function FieldError({ id, error, reserveLine = false }: { id: string; error?: string; reserveLine?: boolean }) {
  if (!error) return reserveLine ? <p aria-hidden="true" className="mt-1.5 min-h-5 text-sm" /> : null;
  return (
    <p id={`${id}-error`} className="mt-1.5 min-h-5 text-sm text-red-600">
      {error}
    </p>
  );
}

export function FieldFrame({
  id,
  label,
  error,
  hint,
  required,
  optional,
  reserveMessageLine,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} reserveLine={reserveMessageLine} />
    </div>
  );
}

type Common = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  reserveMessageLine?: boolean;
  className?: string;
};

/** A field's props split between its frame (label, message) and its native control. */
function splitField<Control extends { required?: boolean }>({
  id,
  label,
  error,
  hint,
  optional,
  reserveMessageLine,
  className,
  ...control
}: Common & Control) {
  return {
    frame: { id, label, error, hint, optional, reserveMessageLine, className, required: control.required },
    control: { ...control, ...fieldIds(id, error, hint) },
  };
}

type TextFieldProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField(props: TextFieldProps) {
  const { frame, control } = splitField(props);
  return (
    <FieldFrame {...frame}>
      <input {...control} className={controlClass} />
    </FieldFrame>
  );
}

export function TextAreaField(props: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const { frame, control } = splitField(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} className={`${controlClass} min-h-32 resize-y`} />
    </FieldFrame>
  );
}

export type SelectOption = string | { readonly value: string; readonly label: string };

/**
 * A select of `options` (a value that is its own label, or value and label), after an empty first
 * option reading `placeholder` when one is given; or of <option> children, where one needs more
 * (disabled, computed labels).
 */
export function SelectField({
  options = [],
  placeholder,
  children,
  ...props
}: Common & { options?: readonly SelectOption[]; placeholder?: string; children?: ReactNode } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'children'
  >) {
  const { frame, control } = splitField(props);
  return (
    <FieldFrame {...frame}>
      <select {...control} className={`${controlClass} pr-8`}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
        {children}
      </select>
    </FieldFrame>
  );
}

/** A required email input. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'label'>) {
  return <TextField label="Email" type="email" autoComplete="email" required {...props} />;
}

/** A South African phone number input, labelled 'Phone' unless the form names it otherwise. */
export function PhoneField(props: Omit<TextFieldProps, 'type' | 'label'> & { label?: string }) {
  return <TextField label="Phone" type="tel" autoComplete="tel" placeholder="+27 82 123 4567" {...props} />;
}

/** A required street address on a few lines, across both columns of a two-column form. */
export function AddressField(props: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return <TextAreaField required autoComplete="street-address" className="sm:col-span-2" {...props} />;
}

/** A required password input; a new password unless autoComplete says 'current-password'. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" autoComplete="new-password" required {...props} />;
}

/** A checkbox with its label after it (children) and its message under both. */
export function CheckboxField({
  id,
  error,
  children,
  ...input
}: { id: string; error?: string; children: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          {...input}
          {...fieldIds(id, error)}
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {children}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
