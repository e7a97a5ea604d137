import { STORE_TIME_NOTE } from '../../shared/dates';

/**
 * The one line a page, table or detail view gives its times ('Times in South African time (SAST)'),
 * in place of a zone after every time (decision 056).
 */
export function StoreTimeNote({ className = '' }: { className?: string }) {
  return <p className={`text-xs text-slate-500 ${className}`}>{STORE_TIME_NOTE}</p>;
}
