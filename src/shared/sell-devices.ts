/**
 * The devices the store buys and the choices the sell form offers for each (spec 001 section 9):
 * the form's lists, the server's check of them and the seeded quote table read them here.
 */

export const SELL_DEVICE_TYPES = ['phone', 'laptop', 'tablet', 'tv'] as const;
export type SellDeviceType = (typeof SELL_DEVICE_TYPES)[number];

export const SELL_BRANDS: Record<SellDeviceType, readonly string[]> = {
  phone: ['Apple', 'Samsung', 'Huawei', 'Xiaomi', 'Oppo'],
  laptop: ['Apple', 'Dell', 'HP', 'Lenovo', 'Asus'],
  tablet: ['Apple', 'Samsung', 'Huawei', 'Lenovo', 'Microsoft'],
  tv: ['Samsung', 'LG', 'Sony', 'Hisense', 'TCL'],
};

export const SELL_CONDITIONS = [
  { value: 'excellent', label: 'Excellent', hint: 'Like new' },
  { value: 'good', label: 'Good', hint: 'Minor wear' },
  { value: 'fair', label: 'Fair', hint: 'Visible wear' },
  { value: 'poor', label: 'Poor', hint: 'Significant damage' },
] as const;

export const SELL_STORAGE: Record<SellDeviceType, readonly string[]> = {
  phone: ['64GB', '128GB', '256GB', '512GB', '1TB'],
  laptop: ['256GB', '512GB', '1TB', '2TB SSD'],
  tablet: ['32GB', '64GB', '128GB', '256GB', '512GB', '1TB'],
  tv: ['N/A'],
};

const SELL_RAM: Record<Exclude<SellDeviceType, 'tv'>, readonly string[]> = {
  phone: ['4GB', '6GB', '8GB', '12GB', '16GB'],
  tablet: ['3GB', '4GB', '6GB', '8GB', '12GB', '16GB'],
  laptop: ['8GB', '16GB', '32GB', '64GB'],
};

/** RAM sizes for a type (none for a TV). */
export function ramOptions(type: SellDeviceType | ''): readonly string[] {
  return type === '' || type === 'tv' ? [] : SELL_RAM[type];
}

/** Placeholder quote range of the spec (001 section 9). */
export const ESTIMATE_RANGE = { min: 2000, max: 16999 } as const;
