import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { DialogClose } from './ui/dialog';

/** The foot of every back-office dialog: Cancel (closes it, focus back to the opener) and the dialog's own action. */
export function DialogActions({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <div className={`flex justify-end gap-3 ${className}`}>
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      {children}
    </div>
  );
}
