// The admin's payment views format through the shared modules (money, and dates in the store's zone).
export { formatMinor } from '../../../../shared/money';
export { formatDateTime } from '../../../../shared/dates';
