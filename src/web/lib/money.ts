import { currencySymbol, formatMoney, type Currency, type MoneyContext } from '../../shared/money';

/** The server names the store currency in the page it sends (STORE_CURRENCY); the spec's mixed symbols by default. */
function readStoreCurrency(): Currency {
  if (typeof document === 'undefined') return 'NGN';
  const value = document.querySelector('meta[name="quickbuy-currency"]')?.getAttribute('content');
  return value === 'ZAR' ? 'ZAR' : 'NGN';
}

let storeCurrency = readStoreCurrency();

/** The server's render entry names the currency itself: there is no page to read it from yet. */
export function setStoreCurrency(currency: Currency) {
  storeCurrency = currency;
}

export function money(amount: number, context: MoneyContext): string {
  return formatMoney(amount, context, storeCurrency);
}

/** The sign a context's amounts are shown with ('₦', 'R'), for a label such as "Price (₦)". */
export function moneySymbol(context: MoneyContext): string {
  return currencySymbol(context, storeCurrency);
}
