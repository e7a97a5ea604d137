import { formatPhone } from '../../shared/phones';

/** A phone number in the store's one form (shared/phones.ts), dialled by a tap. */
export function PhoneLink({ phone }: { phone: string }) {
  const shown = formatPhone(phone);
  return <a href={`tel:${shown.replace(/\s/g, '')}`}>{shown}</a>;
}
