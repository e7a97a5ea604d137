export type BadgeTone = 'green' | 'red' | 'amber' | 'blue' | 'purple' | 'grey';

const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  amber: 'bg-amber-100 text-amber-800',
  blue: 'bg-blue-100 text-blue-800',
  purple: 'bg-purple-100 text-purple-800',
  grey: 'bg-slate-100 text-slate-700',
};

/**
 * A status as a coloured pill. Each tab maps its own statuses to tones (an unknown status is grey,
 * as the spec's 'other' badges are); the text is the status itself, never colour alone.
 */
export function StatusBadge<S extends string>({
  status,
  tones: toneOf,
  label,
}: {
  status: S;
  tones: Partial<Record<S, BadgeTone>>;
  label?: string;
}) {
  const tone = toneOf[status] ?? 'grey';
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {label ?? status}
    </span>
  );
}
