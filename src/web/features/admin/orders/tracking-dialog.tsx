import { useId, useState } from 'react';
import { ORDER_MESSAGES, trackingSchema, type AdminOrderRow } from '../../../../shared/admin-orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
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
  const prefix = useId();
  const form = useZodForm(trackingSchema, {
    defaultValues: { courier: order.courier ?? '', trackingNumber: order.trackingNumber ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await orderActions.tracking(order.orderNumber, input);
      toast.success(ORDER_MESSAGES.trackingSaved);
      onSaved();
      onOpenChange(false);
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Update Tracking" description={`Order ${order.orderNumber}`}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          {formError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {formError}
            </p>
          )}
          <TextField
            id={`${prefix}-courier`}
            label="Courier"
            required
            {...form.register('courier')}
            error={errors.courier?.message}
          />
          <TextField
            id={`${prefix}-tracking`}
            label="Tracking Number"
            required
            {...form.register('trackingNumber')}
            error={errors.trackingNumber?.message}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              Save Tracking
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
