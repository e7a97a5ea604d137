import { useId, useState } from 'react';
import {
  DEVICE_CONDITIONS,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  type Device,
  type DeviceType,
} from '../../../../shared/catalog';
import { DEVICE_MESSAGES, deviceInputSchema, type DeviceForm } from '../../../../shared/inventory';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { deviceActions, useRefreshDevices, useStockImages } from './device-api';
import { ImagePicker } from './image-picker';
import { imageIdsToSave, pickedFromUrls, type PickedImage } from './picked-images';
import { DialogActions } from '../../../components/dialog-actions';
import { moneySymbol } from '../../../lib/money';

/**
 * The type lists (docs/decisions/024): the spec's own first (add: phone, laptop, tablet, tv; edit:
 * phone, laptop, tv), then every other type the storefront sells, so no device is ever saved as a
 * type it is not. An edited device's own type is always offered.
 */
const SPEC_TYPES: Record<'add' | 'edit', DeviceType[]> = {
  add: ['phone', 'laptop', 'tablet', 'tv'],
  edit: ['phone', 'laptop', 'tv'],
};
const typeOptions = (mode: 'add' | 'edit') =>
  [...SPEC_TYPES[mode], ...DEVICE_TYPES.filter((type) => !SPEC_TYPES[mode].includes(type))].map((type) => ({
    value: type,
    label: DEVICE_TYPE_LABELS[type],
  }));

/** Whole numbers as the spec parses them: parseInt, so '12.7' is 12 and 'abc' fails validation. */
const toInteger = (value: unknown) => (value === '' || value === null ? undefined : Number.parseInt(String(value), 10));
const toIntegerOrNull = (value: unknown) => toInteger(value) ?? null;
/** The price and quantity inputs: whole rand, whole units. */
const WHOLE = { type: 'number', min: 0, step: 1 } as const;
/** Quantity falls back to 1 when invalid or zero on Add; on Edit 0 is kept (sold out: the Stock switch stays as set). */
const toQuantity = (mode: 'add' | 'edit') => (value: unknown) => {
  const n = Number.parseInt(String(value), 10);
  if (Number.isNaN(n)) return 1;
  return n === 0 && mode === 'add' ? 1 : n;
};
/** The Stock control: the admin's switch; Out of Stock takes the device off sale and keeps its quantity. */
const STOCK_OPTIONS = [
  { value: 'true', label: 'In Stock' },
  { value: 'false', label: 'Out of Stock' },
] as const;
const toInStock = (value: unknown) => value === true || value === 'true';
const BATTERY_TYPES: DeviceType[] = ['phone', 'tablet', 'laptop'];
const DISPLAY_TYPES: DeviceType[] = ['phone', 'tablet', 'laptop', 'tv', 'desktop'];

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
    inStock: device?.inStock ?? true,
    description: device?.description ?? '',
    displaySize: device?.displaySize ?? '',
    batteryHealth: device?.batteryHealth ?? null,
    imageIds: [],
    defaultImageIndex: 0,
    unitCost: null,
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
  const refresh = useRefreshDevices();
  const stock = useStockImages();
  const [images, setImages] = useState<PickedImage[]>(() => pickedFromUrls(device?.images ?? []));
  const [defaultIndex, setDefaultIndex] = useState(device?.defaultImageIndex ?? 0);
  const form = useZodForm(deviceInputSchema, { defaultValues: defaultsOf(device) });
  const input = inputProps(form, useId());
  const symbol = moneySymbol('admin');
  const type = form.watch('type');
  const uploading = images.some((image) => image.id === null && !image.error);

  const failed = device ? DEVICE_MESSAGES.updateFailed : DEVICE_MESSAGES.addFailed;
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (values) => {
      await deviceActions.save(device, {
        ...values,
        imageIds: imageIdsToSave(images, defaultIndex),
        defaultImageIndex: 0,
      });
      toast.success(device ? DEVICE_MESSAGES.updated : DEVICE_MESSAGES.added);
      void refresh();
      onDone();
    },
    // Every failure is toasted by its title; the form says which input, or why, itself.
    { report: 'alert', fallback: failed, onFailure: () => toast.error(failed) },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Brand" {...input('brand')} />
        <TextField label="Model" {...input('model')} />
        <SelectField label="Type" options={typeOptions(mode)} {...input('type')} />
        <SelectField label="Condition" options={DEVICE_CONDITIONS} {...input('condition')} />
        <TextField label="Storage" {...input('storage')} />
        <TextField label="RAM" optional {...input('ram')} />
        <TextField label={`Price (${symbol})`} {...WHOLE} {...input('price', { setValueAs: toInteger })} />
        <TextField
          label={`Original price (${symbol})`}
          optional
          {...WHOLE}
          {...input('originalPrice', { setValueAs: toIntegerOrNull })}
        />
        <TextField label="Quantity" {...WHOLE} {...input('quantity', { setValueAs: toQuantity(mode) })} />
        <TextField
          label={`Cost per unit (${symbol})`}
          optional
          hint={
            device
              ? 'What each unit added now cost the store (never shown to shoppers)'
              : 'What each unit cost the store (never shown to shoppers)'
          }
          {...WHOLE}
          {...input('unitCost', { setValueAs: toIntegerOrNull })}
        />
        <SelectField
          label="Stock"
          hint="Out of Stock takes the device off sale and keeps its quantity."
          options={STOCK_OPTIONS}
          {...input('inStock', { setValueAs: toInStock })}
        />
        {DISPLAY_TYPES.includes(type) && <TextField label="Display size" optional {...input('displaySize')} />}
        {BATTERY_TYPES.includes(type) && (
          <TextField
            label="Battery health (%)"
            optional
            type="number"
            min={0}
            max={100}
            {...input('batteryHealth', { setValueAs: toIntegerOrNull })}
          />
        )}
      </div>
      <TextAreaField label="Description" optional {...input('description')} />
      <ImagePicker
        images={images}
        onChange={setImages}
        defaultIndex={defaultIndex}
        onDefaultIndex={setDefaultIndex}
        stock={stock.data?.items ?? []}
      />
      <FormAlert message={alert} className="text-sm text-red-600" />
      <DialogActions>
        <Button type="submit" disabled={busy || uploading}>
          {device ? 'Save Changes' : 'Add Device'}
        </Button>
      </DialogActions>
    </form>
  );
}
