/** Facts about the store that pages, emails and the chat assistant all quote. */
export const STORE = {
  name: 'QuickBuy',
  storageKey: 'quickbuy',
  city: 'Cape Town',
  country: 'South Africa',
  foundedYear: 2020,
  email: 'support@quickbuy.co.za',
  phone: '+27 21 555 0123',
  whatsapp: '+27 82 555 0123',
  address: '12 Bree Street, Cape Town City Centre, Cape Town, 8001',
  freeDeliveryThreshold: 200_000,
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/quickbuy' },
    { name: 'Instagram', href: 'https://www.instagram.com/quickbuy' },
    { name: 'X', href: 'https://x.com/quickbuy' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/quickbuy' },
  ],
} as const;

export const BUSINESS_HOURS = [
  { days: 'Monday - Friday', short: 'Mon-Fri', hours: '8:00 - 18:00' },
  { days: 'Saturday', short: 'Sat', hours: '9:00 - 16:00' },
  { days: 'Sunday', short: 'Sun', hours: '9:00 - 14:00' },
] as const;

/** Fixed display figures of the spec (000 section 9). */
export const DISPLAY = {
  homeRating: '5.0',
  listingRating: 4.5,
  listingReviewCount: 15,
  warrantyMonths: 6,
  maxThumbnails: 4,
  buyNowDelayMs: 1000,
  hoverRotationMs: 800,
  defaultRam: '8GB',
  defaultDisplaySize: '15-inch',
} as const;

export const POLICIES = {
  returnDays: 14,
  refundCardDays: '3-5',
  refundBankDays: '1-2',
  deviceWarrantyMonths: 6,
  repairWarrantyDays: 90,
  batteryReplacementThresholdPercent: 80,
  shipping: {
    standardPrice: 99,
    standardFreeOver: 500,
    standardDays: '3-5',
    expressMajorCities: 149,
    expressElsewhere: 199,
    expressDays: '1-2',
  },
  saleInspectionDays: '1-2',
  salePaymentHours: 24,
  repairDays: '2-3',
  complexRepairDays: 7,
  contactWithinHours: 24,
  paymentMethods: ['Credit and debit cards', 'EFT', 'SnapScan'],
} as const;

export const TOASTS = { visible: 3, durationMs: 4000 } as const;

export const CHAT = {
  mobileBreakpointPx: 768,
  greetingDelayMs: 3000,
} as const;
