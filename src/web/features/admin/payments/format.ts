export { formatMinor } from '../../../../shared/money';

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
