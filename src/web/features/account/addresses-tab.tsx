import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addressSchema, PROVINCES, type AddressInput, type AddressReply } from '../../../shared/accounts';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useForm } from '../auth/form-state';
import { ACCOUNT_KEYS, useAddress } from './account-api';

function AddressForm({ initial, onDone }: { initial: AddressInput; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<AddressInput>(initial);
  const { values, errors } = form;
  const text = (name: 'apartment' | 'city' | 'postalCode') => ({
    id: `address-${name}`,
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
    error: errors[name],
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(addressSchema, async (input) => {
          const reply = await api.put<AddressReply & { message: string }>('/api/account/address', input);
          queryClient.setQueryData(ACCOUNT_KEYS.address, { address: reply.address });
          toast.success(reply.message);
          onDone();
        });
      }}
    >
      <TextField label="Apartment / Unit" optional autoComplete="address-line2" {...text('apartment')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" required autoComplete="address-level2" {...text('city')} />
        <SelectField
          id="address-province"
          label="Province"
          required
          value={values.province}
          onChange={(e) => form.set('province', e.target.value as AddressInput['province'])}
          error={errors.province}
        >
          <option value="">Select province</option>
          {PROVINCES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <TextField label="Postal Code" required autoComplete="postal-code" {...text('postalCode')} />
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={form.pending}>
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
  const address = useAddress();
  const [editing, setEditing] = useState(false);
  if (address.isPending) return <p className="text-slate-600">Loading address...</p>;
  const saved = address.data?.address ?? null;
  if (editing) {
    return (
      <AddressForm
        initial={
          saved
            ? { ...saved, province: saved.province as AddressInput['province'] }
            : { apartment: '', city: '', province: '' as AddressInput['province'], postalCode: '' }
        }
        onDone={() => setEditing(false)}
      />
    );
  }
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
