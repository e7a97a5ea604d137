/**
 * The spec keeps two currency readings (README, STORE_CURRENCY): the naira sign on
 * cards and the cart, rand on filters, repairs and offers, NGN charged. Every
 * amount on screen goes through here, so STORE_CURRENCY=ZAR switches all of it.
 */
export const CURRENCIES = ['NGN', 'ZAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export type MoneyContext = 'card' | 'cart' | 'admin' | 'filter' | 'repair' | 'offer';

const SYMBOL: Record<Currency, string> = { NGN: '₦', ZAR: 'R' };

/**
 * The currency a context's amounts are in; `storeCurrency` is ZAR only when the store is switched to rand.
 * Offers, repairs and filters are rand either way (the sell and repair flows are South African).
 */
export function contextCurrency(context: MoneyContext, storeCurrency: Currency = 'NGN'): Currency {
  if (storeCurrency === 'ZAR') return 'ZAR';
  return context === 'card' || context === 'cart' || context === 'admin' ? 'NGN' : 'ZAR';
}

export const currencySymbol = (context: MoneyContext, storeCurrency?: Currency) =>
  SYMBOL[contextCurrency(context, storeCurrency)];

/**
 * Currency units grouped with commas: 12500 -> "12,500", as `toLocaleString('en-US')` writes them; an amount
 * with cents (a partial refund, a payment in minor units) keeps them: 5000.5 -> "5,000.50".
 * Written out rather than through Intl: the first Intl formatter a page builds loads the locale's data, which
 * took ~20 ms of a phone's main thread on the home page (docs/decisions/036).
 */
export function formatAmount(amount: number): string {
  return amount
    .toFixed(2)
    .replace(/\.00$/, '')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatMoney(amount: number, context: MoneyContext, storeCurrency: Currency = 'NGN'): string {
  return `${currencySymbol(context, storeCurrency)}${formatAmount(amount)}`;
}

/** Payment providers take minor units (spec: total x 100). */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

/** Minor units (a payment's, a refund's) as the currency amount: 123456 -> 1234.56. */
export function fromMinorUnits(minor: number): number {
  return minor / 100;
}

/** Whole-percent discount of price against a higher original price, or null. */
export function discountPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (!originalPrice || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** Minor units shown divided by 100 (spec 001 section 3), with the payment's own currency code: 'NGN 5,000.50'. */
export function formatMinor(minor: number, currency: string): string {
  return `${currency} ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
