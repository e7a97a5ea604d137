import { CheckCircle2, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_THANK_YOU, CONTACT_UNSENT, contactMessageSchema, INQUIRY_TYPES } from '../../../shared/contact';
import { CONTACT_NOTICE, paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { EmailField, PhoneField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { useHydrated } from '../../lib/use-hydrated';
import { sendContactMessage } from './content-api';

const EMPTY = { name: '', email: '', phone: '', subject: '', inquiryType: 'general', message: '' } as const;

/**
 * Spec 000 section 5: full name, email, subject and message required; the server checks the same schema.
 * Without JavaScript the browser posts the form to /contact itself (its own checks of the required fields
 * on until the app is live) and the server redirects back with a notice (docs/decisions/054).
 */
export function ContactForm() {
  const prefix = useId();
  const form = useZodForm(contactMessageSchema, { defaultValues: EMPTY });
  const input = inputProps(form, prefix);
  const [params] = useSearchParams();
  const [sent, setSent] = useState(params.get(CONTACT_NOTICE) === 'sent');
  const live = useHydrated();

  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (message) => {
      setSent(false);
      await sendContactMessage(message);
      form.reset(EMPTY);
      setSent(true);
    },
    { report: 'alert', fallback: 'Your message could not be sent. Please try again in a moment.' },
  );
  const unsent = !alert && !sent && params.get(CONTACT_NOTICE) === 'unsent' ? CONTACT_UNSENT : undefined;

  return (
    <form
      method="post"
      action={paths.contact}
      noValidate={live}
      onSubmit={onSubmit}
      aria-labelledby={`${prefix}-title`}
    >
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
      <FormAlert
        message={alert ?? unsent}
        className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      />

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField {...input('name')} label="Full Name" autoComplete="name" required />
        <EmailField {...input('email')} />
        <PhoneField {...input('phone')} optional />
        <SelectField {...input('inquiryType')} label="Inquiry Type" options={INQUIRY_TYPES} />
        <TextField {...input('subject')} label="Subject" required className="sm:col-span-2" />
        <TextAreaField
          {...input('message')}
          label="Message"
          required
          rows={6}
          className="sm:col-span-2"
          placeholder="How can we help?"
        />
      </div>
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={busy}>
        <Send className="size-4" aria-hidden="true" />
        {busy ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
