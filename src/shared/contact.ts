import { z } from 'zod';
import { optionalText, required, requiredMultiline } from './text-fields';
import { optionList, optionValues } from './options';

export const INQUIRY_TYPES = optionList({
  general: 'General Inquiry',
  support: 'Technical Support',
  sales: 'Sales',
  repair: 'Repair Services',
  warranty: 'Warranty Claim',
  feedback: 'Feedback',
});

/** Contact form (spec 000 section 5): name, email, subject and message required. */
export const contactMessageSchema = z.object({
  name: required('Full name', 120),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  phone: optionalText('Phone', 30),
  subject: required('Subject', 200),
  message: requiredMultiline('Message', 5000),
  inquiryType: z
    .enum(optionValues(INQUIRY_TYPES), { error: 'Choose an inquiry type from the list' })
    .optional()
    .default('general'),
});

export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you within 24 hours.";

export const CONTACT_UNSENT = 'Your message could not be sent. Please check each field and try again.';
