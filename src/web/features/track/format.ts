/** '22 Nov 2026, 12:00': the dates the tracking views show. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
}
