import { ORDER_MESSAGES, trackingSchema, type AdminOrderRow } from '../../../../shared/admin-orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { useActionForm } from '../../../lib/forms';
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
  const form = useActionForm(
    trackingSchema,
    { courier: order.courier ?? '', trackingNumber: order.trackingNumber ?? '' },
    async (input) => {
      await orderActions.tracking(order.orderNumber, input);
      return { message: ORDER_MESSAGES.trackingSaved };
    },
    () => {
      onSaved();
      onOpenChange(false);
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Update Tracking" description={`Order ${order.orderNumber}`}>
        <form noValidate onSubmit={form.submit} className="space-y-4">
          <FormAlert message={form.error} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          <TextField label="Courier" required {...form.input('courier')} />
          <TextField label="Tracking Number" required {...form.input('trackingNumber')} />
          <div className="flex justify-end">
            <Button type="submit" disabled={form.busy}>
              Save Tracking
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
