import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEVICE_CONDITIONS, DEVICE_TYPES, type Device, type DeviceType } from '../../../../shared/catalog';
import {
  DEVICE_MESSAGES,
  deviceInputSchema,
  type DeviceForm,
  type StockImagesReply,
} from '../../../../shared/inventory';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { api } from '../../../lib/api';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { ImagePicker } from './image-picker';
import { imageIdsToSave, pickedFromUrls, type PickedImage } from './picked-images';
import { DialogActions } from '../../../components/dialog-actions';

/**
 * The type lists (docs/decisions/024): the spec's own first (add: phone, laptop, tablet, tv; edit:
 * phone, laptop, tv), then every other type the storefront sells, so no device is ever saved as a
 * type it is not. An edited device's own type is always offered.
 */
const SPEC_TYPES: Record<'add' | 'edit', DeviceType[]> = {
  add: ['phone', 'laptop', 'tablet', 'tv'],
  edit: ['phone', 'laptop', 'tv'],
};
const typeOptions = (mode: 'add' | 'edit') => [
  ...SPEC_TYPES[mode],
  ...DEVICE_TYPES.filter((type) => !SPEC_TYPES[mode].includes(type)),
];

/** Whole numbers as the spec parses them: parseInt, so '12.7' is 12 and 'abc' fails validation. */
const toInteger = (value: unknown) => (value === '' || value === null ? undefined : Number.parseInt(String(value), 10));
/** Quantity falls back to 1 when invalid or zero on Add; on Edit 0 is kept, to take a device out of stock. */
const toQuantity = (mode: 'add' | 'edit') => (value: unknown) => {
  const n = Number.parseInt(String(value), 10);
  if (Number.isNaN(n)) return 1;
  return n === 0 && mode === 'add' ? 1 : n;
};
const BATTERY_TYPES: DeviceType[] = ['phone', 'tablet', 'laptop'];
const DISPLAY_TYPES: DeviceType[] = ['phone', 'tablet', 'laptop', 'tv', 'desktop'];

export const STOCK_IMAGES_KEY = ['admin', 'stock-images'] as const;

function defaultsOf(device: Device | null): DeviceForm {
  return {
    brand: device?.brand ?? '',
    model: device?.model ?? '',
    type: (device?.type ?? 'phone') as DeviceForm['type'],
    condition: (device?.condition ?? 'Excellent') as DeviceForm['condition'],
    storage: device?.storage ?? '',
    ram: device?.ram ?? '',
    price: device?.price ?? ('' as unknown as number),
    originalPrice: device?.originalPrice ?? null,
    quantity: device?.quantity ?? 1,
    description: device?.description ?? '',
    displaySize: device?.displaySize ?? '',
    batteryHealth: device?.batteryHealth ?? null,
    imageIds: [],
    defaultImageIndex: 0,
  };
}

/** Add Device (device null) and Edit dialogs. On save the Main image moves to the front. */
export function DeviceFormDialog({
  device,
  open,
  onOpenChange,
}: {
  device: Device | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={device ? 'Edit Device' : 'Add Device'} size="xl">
        {open && <DeviceFormBody device={device} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DeviceFormBody({ device, onDone }: { device: Device | null; onDone: () => void }) {
  const mode = device ? 'edit' : 'add';
  const queryClient = useQueryClient();
  const stock = useQuery({
    queryKey: STOCK_IMAGES_KEY,
    queryFn: () => api.get<StockImagesReply>('/api/admin/stock-images'),
    staleTime: Infinity,
  });
  const [images, setImages] = useState<PickedImage[]>(() => pickedFromUrls(device?.images ?? []));
  const [defaultIndex, setDefaultIndex] = useState(device?.defaultImageIndex ?? 0);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(deviceInputSchema, { defaultValues: defaultsOf(device) });
  const { errors } = form.formState;
  const type = form.watch('type');
  const uploading = images.some((image) => image.id === null && !image.error);

  const save = useMutation({
    mutationFn: (body: DeviceForm) =>
      device
        ? api.patch<Device>(`/api/admin/devices/${device.id}`, body)
        : api.post<Device>('/api/admin/devices', body),
    onSuccess: () => {
      toast.success(device ? DEVICE_MESSAGES.updated : DEVICE_MESSAGES.added);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'devices'] });
      onDone();
    },
    onError: (error) => {
      const left = applyServerErrors(form, error, device ? DEVICE_MESSAGES.updateFailed : DEVICE_MESSAGES.addFailed);
      setFormError(left);
      toast.error(device ? DEVICE_MESSAGES.updateFailed : DEVICE_MESSAGES.addFailed);
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate({ ...values, imageIds: imageIdsToSave(images, defaultIndex), defaultImageIndex: 0 });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="device-brand" label="Brand" error={errors.brand?.message} {...form.register('brand')} />
        <TextField id="device-model" label="Model" error={errors.model?.message} {...form.register('model')} />
        <SelectField id="device-type" label="Type" error={errors.type?.message} {...form.register('type')}>
          {typeOptions(mode).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="device-condition"
          label="Condition"
          error={errors.condition?.message}
          {...form.register('condition')}
        >
          {DEVICE_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </SelectField>
        <TextField id="device-storage" label="Storage" error={errors.storage?.message} {...form.register('storage')} />
        <TextField id="device-ram" label="RAM" optional error={errors.ram?.message} {...form.register('ram')} />
        <TextField
          id="device-price"
          label="Price"
          type="number"
          min={0}
          step={1}
          error={errors.price?.message}
          {...form.register('price', { setValueAs: toInteger })}
        />
        <TextField
          id="device-original-price"
          label="Original price"
          optional
          type="number"
          min={0}
          step={1}
          error={errors.originalPrice?.message}
          {...form.register('originalPrice', { setValueAs: (value) => toInteger(value) ?? null })}
        />
        <TextField
          id="device-quantity"
          label="Quantity"
          type="number"
          min={0}
          step={1}
          error={errors.quantity?.message}
          {...form.register('quantity', { setValueAs: toQuantity(mode) })}
        />
        {DISPLAY_TYPES.includes(type) && (
          <TextField
            id="device-display"
            label="Display size"
            optional
            error={errors.displaySize?.message}
            {...form.register('displaySize')}
          />
        )}
        {BATTERY_TYPES.includes(type) && (
          <TextField
            id="device-battery"
            label="Battery health (%)"
            optional
            type="number"
            min={0}
            max={100}
            error={errors.batteryHealth?.message}
            {...form.register('batteryHealth', { setValueAs: (value) => toInteger(value) ?? null })}
          />
        )}
      </div>
      <TextAreaField
        id="device-description"
        label="Description"
        optional
        error={errors.description?.message}
        {...form.register('description')}
      />
      <ImagePicker
        images={images}
        onChange={setImages}
        defaultIndex={defaultIndex}
        onDefaultIndex={setDefaultIndex}
        stock={stock.data?.items ?? []}
      />
      {formError && (
        <p role="alert" className="text-sm text-red-600">
          {formError}
        </p>
      )}
      <DialogActions>
        <Button type="submit" disabled={save.isPending || uploading}>
          {device ? 'Save Changes' : 'Add Device'}
        </Button>
      </DialogActions>
    </form>
  );
}
