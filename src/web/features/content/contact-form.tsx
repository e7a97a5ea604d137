import { CheckCircle2, Send } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  CONTACT_THANK_YOU,
  contactMessageSchema,
  INQUIRY_TYPES,
  type ContactMessageInput,
} from '../../../shared/contact';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { ApiError, api } from '../../lib/api';

type Values = Required<ContactMessageInput>;
type FieldName = keyof Values;

const EMPTY: Values = { name: '', email: '', phone: '', subject: '', inquiryType: 'general', message: '' };
const ORDER: FieldName[] = ['name', 'email', 'phone', 'subject', 'inquiryType', 'message'];

/** Spec 000 section 5: full name, email, subject and message required; the server checks the same schema. */
export function ContactForm() {
  const prefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const id = (name: FieldName) => `${prefix}-${name}`;

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const name = event.target.name as FieldName;
    setValues((current) => ({ ...current, [name]: event.target.value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const showErrors = (fieldErrors: Partial<Record<FieldName, string>>) => {
    setErrors(fieldErrors);
    const first = ORDER.find((name) => fieldErrors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(id(first))}`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(false);
    setFormError(null);
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        fieldErrors[name] ??= issue.message;
      }
      showErrors(fieldErrors);
      return;
    }
    setSubmitting(true);
    try {
      await api.post('/api/contact', parsed.data);
      setValues(EMPTY);
      setErrors({});
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        showErrors(error.fields as Partial<Record<FieldName, string>>);
      } else {
        setFormError(
          error instanceof ApiError ? error.message : 'Your message could not be sent. Please try again in a moment.',
        );
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} className="text-2xl font-semibold text-slate-900">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">required</span> are required.
      </p>

      {sent && (
        <div
          role="alert"
          className="mt-6 flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          <p className="text-sm font-medium">{CONTACT_THANK_YOU}</p>
        </div>
      )}
      {formError && (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {formError}
        </div>
      )}

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField
          id={id('name')}
          name="name"
          label="Full Name"
          autoComplete="name"
          required
          value={values.name}
          onChange={onChange}
          error={errors.name}
        />
        <TextField
          id={id('email')}
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          value={values.email}
          onChange={onChange}
          error={errors.email}
        />
        <TextField
          id={id('phone')}
          name="phone"
          type="tel"
          label="Phone"
          optional
          autoComplete="tel"
          placeholder="+27 82 123 4567"
          value={values.phone}
          onChange={onChange}
          error={errors.phone}
        />
        <SelectField
          id={id('inquiryType')}
          name="inquiryType"
          label="Inquiry Type"
          value={values.inquiryType}
          onChange={onChange}
          error={errors.inquiryType}
        >
          {INQUIRY_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('subject')}
          name="subject"
          label="Subject"
          required
          className="sm:col-span-2"
          value={values.subject}
          onChange={onChange}
          error={errors.subject}
        />
        <TextAreaField
          id={id('message')}
          name="message"
          label="Message"
          required
          rows={6}
          className="sm:col-span-2"
          placeholder="How can we help?"
          value={values.message}
          onChange={onChange}
          error={errors.message}
        />
      </div>
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={submitting}>
        <Send className="size-4" aria-hidden="true" />
        {submitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
