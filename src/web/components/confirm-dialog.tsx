import { useState, type ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogTrigger } from './ui/dialog';

/**
 * An accessible 'are you sure' (never window.confirm): focus moves into it and returns to the
 * button that opened it, Escape cancels. Confirm is disabled while the action runs: `pending`, or
 * the promise `onConfirm` returns, after which the dialog closes.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel,
  variant = 'danger',
  pending = false,
  onConfirm,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** The dismissing button's words, 'Cancel' unless given. */
  cancelLabel?: string;
  variant?: 'danger' | 'primary';
  pending?: boolean;
  onConfirm: () => void | Promise<unknown>;
  /** The button that opens it, so the focus goes back there on close (a dialog opened otherwise leaves it to the page). */
  trigger?: ReactNode;
  children?: ReactNode;
}) {
  const [running, setRunning] = useState(false);
  const confirm = () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    void result.finally(() => {
      setRunning(false);
      onOpenChange(false);
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent title={title} description={message} size="sm">
        {children}
        <DialogActions className="mt-6" cancelLabel={cancelLabel}>
          <Button variant={variant} disabled={pending || running} onClick={confirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
