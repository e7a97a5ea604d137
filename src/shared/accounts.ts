export const ROLES = ['customer', 'agent', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'Northern Cape',
  'North West',
  'Western Cape',
] as const;

export const ID_TYPES = [
  { value: 'id', label: 'ID Number' },
  { value: 'passport', label: 'Passport Number' },
] as const;

export const BANKS = ['ABSA', 'FNB', 'Standard Bank', 'Nedbank', 'Capitec'] as const;
export const ACCOUNT_TYPES = ['savings', 'current', 'transmission'] as const;
export const PAYMENT_METHODS = [
  { value: 'paystack', label: 'Paystack' },
  { value: 'bank', label: 'Bank Transfer' },
  { value: 'card', label: 'Credit/Debit Card' },
] as const;

/** Who is signed in, as GET /api/auth/me tells the app. */
export type SessionUser =
  | { role: 'customer'; id: string; email: string; firstName: string; lastName: string }
  | { role: 'agent'; id: string; username: string; name: string; email: string }
  | { role: 'admin'; id: string; email: string; name: string };

export interface MeReply {
  user: SessionUser | null;
}
