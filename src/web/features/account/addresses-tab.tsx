import { useId, useState } from 'react';
import { addressSchema, type AddressInput, type AddressReply } from '../../../shared/accounts';
import { ProvinceSelect } from '../../components/province-select';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useSavedAddress } from '../../lib/account-reads';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useSaveAddress } from './account-api';

type SavedAddress = NonNullable<AddressReply['address']>;

function AddressForm({ saved, onDone }: { saved: SavedAddress | null; onDone: () => void }) {
  const saveAddress = useSaveAddress();
  const form = useZodForm(addressSchema, {
    defaultValues: (saved ?? { apartment: '', city: '', postalCode: '' }) as Partial<AddressInput>,
  });
  const input = inputProps(form, useId());
  const { onSubmit, busy } = useFormSubmit(form, async (address) => {
    toast.success(await saveAddress(address));
    onDone();
  });
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <TextField label="Apartment / Unit" optional autoComplete="address-line2" {...input('apartment')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" required autoComplete="address-level2" {...input('city')} />
        <ProvinceSelect {...input('province')} />
        <TextField label="Postal Code" required autoComplete="postal-code" {...input('postalCode')} />
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={busy}>
          Save Address
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function AddressesTab() {
  const address = useSavedAddress();
  const [editing, setEditing] = useState(false);
  if (address.isPending) return <p className="text-slate-600">Loading address...</p>;
  const saved = address.data?.address ?? null;
  if (editing) return <AddressForm saved={saved} onDone={() => setEditing(false)} />;
  return (
    <div className="space-y-4">
      {saved ? (
        <address className="rounded-xl border border-slate-200 p-4 text-sm not-italic text-slate-700">
          {saved.apartment && <span className="block">{saved.apartment}</span>}
          <span className="block">{saved.city}</span>
          <span className="block">
            {saved.province}, {saved.postalCode}
          </span>
          <span className="block">South Africa</span>
        </address>
      ) : (
        <p className="text-slate-600">No saved address yet.</p>
      )}
      <Button variant="secondary" onClick={() => setEditing(true)}>
        {saved ? 'Edit Address' : 'Add Address'}
      </Button>
    </div>
  );
}
