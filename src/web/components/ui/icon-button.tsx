import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

/** A button that shows only an icon, so it must be named: `label` is what a screen reader says. */
export function IconButton({
  label,
  icon: Icon,
  iconClassName = 'size-4',
  type = 'button',
  ...button
}: { label: string; icon: LucideIcon; iconClassName?: string } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'aria-label' | 'children'
>) {
  return (
    <button type={type} aria-label={label} {...button}>
      <Icon className={iconClassName} aria-hidden="true" />
    </button>
  );
}
