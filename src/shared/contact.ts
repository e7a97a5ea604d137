import { z } from 'zod';
import { optionalText, required, requiredMultiline } from './text-fields';

export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'support', label: 'Technical Support' },
  { value: 'sales', label: 'Sales' },
  { value: 'repair', label: 'Repair Services' },
  { value: 'warranty', label: 'Warranty Claim' },
  { value: 'feedback', label: 'Feedback' },
] as const;

const inquiryValues = INQUIRY_TYPES.map((t) => t.value) as [
  (typeof INQUIRY_TYPES)[number]['value'],
  ...(typeof INQUIRY_TYPES)[number]['value'][],
];

/** Contact form (spec 000 section 5): name, email, subject and message required. */
export const contactMessageSchema = z.object({
  name: required('Full name', 120),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  phone: optionalText('Phone', 30),
  subject: required('Subject', 200),
  message: requiredMultiline('Message', 5000),
  inquiryType: z.enum(inquiryValues, { error: 'Choose an inquiry type from the list' }).optional().default('general'),
});

export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you within 24 hours.";
