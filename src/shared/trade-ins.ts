/** Sale transaction statuses in order (spec 001 section 4). */
export const SALE_STATUSES = [
  'Awaiting Confirmation',
  'Confirmed',
  'Assigned to Agent',
  'Device Assessed',
  'Awaiting Offer',
  'Offer Made',
  'Awaiting Payment',
  'Paid',
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** Statuses a customer's answer to an offer leads to (the spec leaves them unshown; we add them). */
export const SALE_END_STATUSES = ['Offer Declined'] as const;
export const ALL_SALE_STATUSES = [...SALE_STATUSES, ...SALE_END_STATUSES] as const;
export type AnySaleStatus = (typeof ALL_SALE_STATUSES)[number];

export const STATUS_DESCRIPTIONS: Partial<Record<AnySaleStatus, string>> = {
  'Awaiting Confirmation': 'Device details submitted for review',
  Confirmed: 'Submission confirmed by our team',
  'Assigned to Agent': 'An agent has been assigned to assess your device',
  'Device Assessed': 'Device assessment completed',
  'Awaiting Offer': 'Preparing your offer',
  'Offer Made': 'Offer submitted and awaiting customer response',
  'Awaiting Payment': 'Offer accepted, payment is being processed',
  Paid: 'Payment sent to your account',
  'Offer Declined': 'Offer declined by the customer',
};
export const UNKNOWN_STATUS_DESCRIPTION = 'Status updated';

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

export const SELL_RAM: Record<Exclude<SellDeviceType, 'tv'>, readonly string[]> = {
  phone: ['4GB', '6GB', '8GB', '12GB', '16GB'],
  tablet: ['3GB', '4GB', '6GB', '8GB', '12GB', '16GB'],
  laptop: ['8GB', '16GB', '32GB', '64GB'],
};

/** Placeholder quote range of the spec (001 section 9). */
export const ESTIMATE_RANGE = { min: 2000, max: 16999 } as const;

/** TXN + timestamp in ms + 0-999. */
export const TRANSACTION_NUMBER_PATTERN = /^TXN\d{13}\d{1,3}$/;
