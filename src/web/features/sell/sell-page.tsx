import { CheckCircle2, Copy, Smartphone } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { DefaultValues } from 'react-hook-form';
import { paths } from '../../../shared/paths';
import {
  ramOptions,
  SELL_BRANDS,
  SELL_CONDITIONS,
  SELL_DEVICE_TYPES,
  SELL_STORAGE,
  type SellDeviceType,
} from '../../../shared/sell-devices';
import {
  MAX_SELL_PHOTOS,
  SELL_MESSAGES,
  sellFormSchema,
  type SellFormInput,
  type SellReply,
} from '../../../shared/sell-form';
import { Button, buttonClass } from '../../components/ui/button';
import { AddressField, PhoneField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { money } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useViewFocus } from '../../lib/use-view-focus';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../../lib/use-session';
import { PhotoPicker } from '../../components/photo-picker';
import { submitTradeIn } from './sell-api';

const TYPE_LABELS = { phone: 'Phone', laptop: 'Laptop', tablet: 'Tablet', tv: 'TV' } as const;

const EMPTY = {
  deviceType: '',
  brand: '',
  model: '',
  condition: '',
  storage: '',
  ram: '',
  color: '',
  accessories: '',
  description: '',
  imei: '',
  customerName: '',
  address: '',
  contactPhone: '',
  contactEmail: '',
  isOwner: false,
} as unknown as DefaultValues<SellFormInput>;

const TYPE_OPTIONS = SELL_DEVICE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
const CONDITIONS = SELL_CONDITIONS.map((c) => ({ value: c.value, label: `${c.label} - ${c.hint}` }));

type Submitted = SellReply & { email: string };

export function Component() {
  usePageTitle();
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="text-center">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Sell Your Device</h1>
          <p className="mt-2 text-slate-600">Get an instant quote for your phone, laptop, tablet, or TV</p>
        </header>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {submitted ? (
            <SubmissionSuccess submitted={submitted} onAnother={() => setSubmitted(null)} />
          ) : (
            <SellForm onSubmitted={setSubmitted} />
          )}
        </div>
      </div>
    </div>
  );
}

function SellForm({ onSubmitted }: { onSubmitted: (submitted: Submitted) => void }) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const { user } = useSession();
  // A signed-in customer's name fills the field unless the seller typed one, also when the session answers late.
  const accountName = user?.role === 'customer' ? `${user.firstName} ${user.lastName}`.trim() : '';
  const signedIn = useMemo(
    () => (accountName ? ({ ...EMPTY, customerName: accountName } as SellFormInput) : undefined),
    [accountName],
  );
  const form = useZodForm(sellFormSchema, {
    defaultValues: EMPTY,
    values: signedIn,
    resetOptions: { keepDirtyValues: true },
  });
  const input = inputProps(form, prefix);
  const { errors } = form.formState;
  const [photos, setPhotos] = useState<string[]>([]);
  const type = form.watch('deviceType') as SellFormInput['deviceType'] | '';
  const isOwner = form.watch('isOwner') as boolean;
  /** Brand, storage and RAM: chosen from the type's own list, once there is a type. */
  const forType = (list: (type: SellDeviceType) => readonly string[]) => ({
    disabled: !type,
    options: type ? list(type) : [],
  });

  // Brand, storage and RAM follow the type: a choice that no longer fits is cleared.
  useEffect(() => {
    const fits = (value: string | undefined, list: readonly string[]) => !value || list.includes(value);
    const values = form.getValues();
    if (!fits(values.brand, type ? SELL_BRANDS[type] : [])) form.setValue('brand', '');
    if (!fits(values.storage, type ? SELL_STORAGE[type] : [])) form.setValue('storage', '');
    if (!fits(values.ram, ramOptions(type))) form.setValue('ram', '');
  }, [type, form]);

  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (device) => {
      const reply = await submitTradeIn(device, photos);
      onSubmitted({ ...reply, email: device.contactEmail });
    },
    { report: 'alert', fallback: 'Your device could not be submitted. Please try again.' },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={id('title')}>
      <h2 id={id('title')} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <Smartphone className="size-5 text-brand-600" aria-hidden="true" />
        Device Details
      </h2>
      <FormAlert message={alert} className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800" />
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <SelectField
          {...input('deviceType')}
          label="Device Type"
          required
          placeholder="Select device type"
          options={TYPE_OPTIONS}
        />
        <SelectField {...input('brand')} label="Brand" placeholder="Select brand" {...forType((t) => SELL_BRANDS[t])} />
        <TextField {...input('model')} label="Model" required placeholder="e.g. iPhone 13 Pro" />
        <SelectField {...input('condition')} label="Condition" placeholder="Select condition" options={CONDITIONS} />
        <SelectField
          {...input('storage')}
          label="Storage"
          placeholder="Select storage"
          {...forType((t) => SELL_STORAGE[t])}
        />
        {type !== 'tv' && (
          <SelectField {...input('ram')} label="RAM" placeholder="Select RAM" {...forType(ramOptions)} />
        )}
        <TextField {...input('color')} label="Color" />
        <TextField {...input('accessories')} label="Accessories" placeholder="e.g. Charger, box, earphones" />
        <TextAreaField
          {...input('description')}
          label="Description"
          rows={4}
          className="sm:col-span-2"
          placeholder="Any scratches, repairs or issues we should know about"
        />
        <PhotoPicker
          id={id('photos')}
          photos={photos}
          onChange={setPhotos}
          error={errors.photos?.message}
          max={MAX_SELL_PHOTOS}
          hint={`Up to ${MAX_SELL_PHOTOS} photos help our agent assess your device.`}
          alt="Your device"
          className="sm:col-span-2"
        />
        <TextField
          {...input('imei')}
          label="IMEI / Serial Number"
          optional
          className="sm:col-span-2"
          inputMode="text"
          hint={type === 'phone' ? 'Dial *#06# on the phone to see its 15-digit IMEI.' : undefined}
        />
        <TextField
          {...input('customerName')}
          label="Full Name"
          required
          autoComplete="name"
          className="sm:col-span-2"
        />
        <AddressField {...input('address')} label="Address" rows={2} />
        <PhoneField {...input('contactPhone')} label="Contact Phone" required placeholder="082 555 0199" />
        <TextField {...input('contactEmail')} type="email" label="Contact Email" required autoComplete="email" />
        <div className="sm:col-span-2">
          <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              {...form.register('isOwner')}
              aria-invalid={errors.isOwner ? true : undefined}
              aria-describedby={errors.isOwner ? id('isOwner-error') : undefined}
              className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
            />
            I am the owner of this device
          </label>
          {errors.isOwner && (
            <p id={id('isOwner-error')} className="mt-1.5 text-sm text-red-600">
              {errors.isOwner.message}
            </p>
          )}
        </div>
      </div>
      <Button type="submit" size="lg" className="mt-8 w-full" disabled={!type || !isOwner || busy}>
        {busy ? 'Getting your quote...' : 'Get Instant Quote'}
      </Button>
    </form>
  );
}

function SubmissionSuccess({ submitted, onAnother }: { submitted: Submitted; onAnother: () => void }) {
  const heading = useViewFocus<HTMLHeadingElement>(submitted.transactionNumber, { skipFirst: false });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(submitted.transactionNumber);
      toast.success('Transaction number copied');
    } catch {
      toast.error('Could not copy: select the number and copy it');
    }
  };
  return (
    <div className="text-center" role="status">
      <CheckCircle2 className="mx-auto size-14 text-emerald-600" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 scroll-mt-32 text-2xl font-semibold text-slate-900 outline-none">
        {SELL_MESSAGES.success}
      </h2>
      <p className="mt-4 text-sm text-slate-600">Your transaction number</p>
      <div className="mt-1 flex items-center justify-center gap-2">
        <span className="font-mono text-lg font-semibold text-slate-900" data-testid="transaction-number">
          {submitted.transactionNumber}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label="Copy transaction number">
          <Copy className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <p className="mt-4 text-slate-700">
        Estimated value: <strong>{money(submitted.estimatedValue, 'offer')}</strong>{' '}
        <span className="text-sm text-slate-500">(final offer after inspection)</span>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        A confirmation email has been sent to {submitted.email} with your transaction number.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.trackNumber(submitted.transactionNumber)} className={buttonClass('primary', 'lg')}>
          Track Your Device
        </Link>
        <Button variant="secondary" size="lg" onClick={onAnother}>
          Submit Another Device
        </Button>
      </div>
    </div>
  );
}
