import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { DialogClose } from './ui/dialog';

/** The foot of every back-office dialog: Cancel (closes it, focus back to the opener) and the dialog's own action. */
export function DialogActions({
  className = '',
  cancelLabel = 'Cancel',
  children,
}: {
  className?: string;
  /** What the closing button says, when 'Cancel' would read as the action itself ('Keep Booking'). */
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex justify-end gap-3 ${className}`}>
      <DialogClose asChild>
        <Button variant="secondary">{cancelLabel}</Button>
      </DialogClose>
      {children}
    </div>
  );
}
