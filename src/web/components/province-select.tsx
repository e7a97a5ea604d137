import type { SelectHTMLAttributes } from 'react';
import { PROVINCES } from '../../shared/accounts';
import { SelectField } from './ui/field';

/** The province of a South African address (sign-up, the account's address), none chosen at first. */
export function ProvinceSelect(
  props: { id: string; error?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>,
) {
  return (
    <SelectField label="Province" required {...props}>
      <option value="">Select province</option>
      {PROVINCES.map((province) => (
        <option key={province} value={province}>
          {province}
        </option>
      ))}
    </SelectField>
  );
}
