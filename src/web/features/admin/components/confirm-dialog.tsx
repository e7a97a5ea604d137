import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/dialog-actions';

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
  variant = 'danger',
  pending = false,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  variant?: 'danger' | 'primary';
  pending?: boolean;
  onConfirm: () => void | Promise<unknown>;
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
      <DialogContent title={title} description={message} size="sm">
        {children}
        <DialogActions className="mt-6">
          <Button variant={variant} disabled={pending || running} onClick={confirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
