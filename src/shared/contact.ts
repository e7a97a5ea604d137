import { z } from 'zod';

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
  name: z.string().trim().min(1, 'Full name is required').max(120, 'Full name is at most 120 characters'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  phone: z.string().trim().max(30, 'Phone is at most 30 characters').optional().default(''),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is at most 200 characters'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is at most 5000 characters'),
  inquiryType: z.enum(inquiryValues, { error: 'Choose an inquiry type from the list' }).optional().default('general'),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you within 24 hours.";
