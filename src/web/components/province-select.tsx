import type { ComponentProps } from 'react';
import { PROVINCES } from '../../shared/accounts';
import { SelectField } from './ui/field';

/** The province of a South African address (sign-up, the account's address), none chosen at first. */
export function ProvinceSelect(props: Omit<ComponentProps<typeof SelectField>, 'label' | 'options'>) {
  return <SelectField label="Province" required placeholder="Select province" options={PROVINCES} {...props} />;
}
