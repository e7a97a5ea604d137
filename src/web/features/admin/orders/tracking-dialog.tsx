import { useId } from 'react';
import {
  ORDER_MESSAGES,
  trackingSchema,
  type AdminOrderRow,
  type TrackingInput,
} from '../../../../shared/admin-orders';
import { ORDER_MOVES } from '../../../../shared/order-moves';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { orderActions } from './order-api';

/**
 * The two moves that name a courier and tracking number, on the one schema the server parses for both:
 * Update Tracking (stored and emailed) and Mark Shipped (the order moves to shipped, and the Shipped
 * email carries them).
 */
const PURPOSES = {
  tracking: {
    title: ORDER_MOVES.updateTracking.label,
    submit: 'Save Tracking',
    save: async (orderNumber: string, tracking: TrackingInput) => {
      await orderActions.tracking(orderNumber, tracking);
      return ORDER_MESSAGES.trackingSaved;
    },
  },
  ship: {
    title: ORDER_MOVES.markShipped.label,
    submit: ORDER_MOVES.markShipped.label,
    save: async (orderNumber: string, tracking: TrackingInput) => {
      await orderActions.advance(orderNumber, { status: 'shipped', ...tracking });
      return ORDER_MESSAGES.updated('shipped');
    },
  },
} as const;

/** Courier and tracking number for one order, filled with what it already has. */
export function TrackingDialog({
  order,
  purpose,
  open,
  onOpenChange,
  onSaved,
}: {
  order: AdminOrderRow;
  purpose: keyof typeof PURPOSES;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const { title, submit, save } = PURPOSES[purpose];
  const form = useZodForm(trackingSchema, {
    defaultValues: { courier: order.courier ?? '', trackingNumber: order.trackingNumber ?? '' },
  });
  const input = inputProps(form, useId());
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (tracking) => {
      toast.success(await save(order.orderNumber, tracking));
      onSaved();
      onOpenChange(false);
    },
    { report: 'alert' },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={`Order ${order.orderNumber}`}>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          <TextField label="Courier" required {...input('courier')} />
          <TextField label="Tracking Number" required {...input('trackingNumber')} />
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
