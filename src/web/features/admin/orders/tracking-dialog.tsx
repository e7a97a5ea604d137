import { useId } from 'react';
import { ORDER_MESSAGES, trackingSchema, type AdminOrderRow } from '../../../../shared/admin-orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { orderActions } from './order-api';

/** Update Tracking: courier and tracking number, stored and emailed to the customer. */
export function TrackingDialog({
  order,
  open,
  onOpenChange,
  onSaved,
}: {
  order: AdminOrderRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const form = useZodForm(trackingSchema, {
    defaultValues: { courier: order.courier ?? '', trackingNumber: order.trackingNumber ?? '' },
  });
  const input = inputProps(form, useId());
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (tracking) => {
      await orderActions.tracking(order.orderNumber, tracking);
      toast.success(ORDER_MESSAGES.trackingSaved);
      onSaved();
      onOpenChange(false);
    },
    { report: 'alert' },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Update Tracking" description={`Order ${order.orderNumber}`}>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          <TextField label="Courier" required {...input('courier')} />
          <TextField label="Tracking Number" required {...input('trackingNumber')} />
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              Save Tracking
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
