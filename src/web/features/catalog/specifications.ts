import type { Device, DeviceType } from '../../../shared/catalog';
import { DISPLAY } from '../../../shared/store';

/**
 * The types the spec's card fallbacks ('8GB' RAM, '15-inch' display) were written for: the phones,
 * tablets and laptops of its catalog. Elsewhere a missing RAM or display size is left out rather than
 * invented: a mouse has no RAM, a TV's RAM is not a buying fact (docs/decisions/018).
 */
const FALLBACK_TYPES: readonly DeviceType[] = ['phone', 'tablet', 'laptop'];

/**
 * Whether the device's storage field holds a storage size ('256GB SSD', '1 TB'). The admin's one
 * free-text field carries other facts for devices without storage ('24 ports', 'Smart TV', 'Wireless'),
 * which read as a feature rather than under 'Storage'.
 */
export const isStorageSize = (value: string) => /\d\s*[GMT]B\b/i.test(value);

/** The device page's Specifications table, as label and value pairs in display order. */
export function specificationRows(device: Device): [label: string, value: string][] {
  const withFallback = FALLBACK_TYPES.includes(device.type);
  const optional = (label: string, value: string | null, fallback: string): [string, string][] => {
    if (value) return [[label, value]];
    return withFallback ? [[label, fallback]] : [];
  };
  return [
    ['Brand', device.brand],
    ['Model', device.model],
    ['Condition', device.condition],
    ...(device.storage
      ? [[isStorageSize(device.storage) ? 'Storage' : 'Feature', device.storage] as [string, string]]
      : []),
    ...optional('RAM', device.ram, DISPLAY.defaultRam),
    ...optional('Display', device.displaySize, DISPLAY.defaultDisplaySize),
    ...(device.batteryHealth !== null ? [['Battery Health', `${device.batteryHealth}%`] as [string, string]] : []),
    ['Warranty', `${DISPLAY.warrantyMonths} months`],
  ];
}
