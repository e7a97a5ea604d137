import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './ui/button';

const LOOKS = {
  /** The whole page (an empty cart, an account page before sign-in): its <h1>. */
  page: {
    frame: 'mx-auto max-w-2xl px-4 py-16 text-center',
    icon: 'mx-auto size-16 text-slate-300',
    title: 'mt-4 text-2xl font-bold text-slate-900',
    text: 'mt-2 text-slate-600',
    action: buttonClass('primary', 'lg', 'mt-6'),
  },
  /** A tab or a block inside a page (no orders yet). */
  panel: {
    frame: 'rounded-xl border border-dashed border-slate-300 p-8 text-center',
    icon: 'mx-auto size-10 text-slate-400',
    title: 'mt-3 font-medium text-slate-900',
    text: 'mt-1 text-sm text-slate-600',
    action: buttonClass('primary', 'md', 'mt-4'),
  },
};

/** Nothing to show yet: an icon, what is missing, a sentence, and the one way on. */
export function EmptyState({
  look,
  icon: Icon,
  title,
  children,
  action,
}: {
  look: keyof typeof LOOKS;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action: { to: string; label: string };
}) {
  const classes = LOOKS[look];
  const Heading = look === 'page' ? 'h1' : 'h2';
  return (
    <div className={classes.frame}>
      <Icon className={classes.icon} aria-hidden="true" />
      <Heading className={classes.title}>{title}</Heading>
      <p className={classes.text}>{children}</p>
      <Link to={action.to} className={classes.action}>
        {action.label}
      </Link>
    </div>
  );
}
