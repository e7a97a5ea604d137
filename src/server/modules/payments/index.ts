/*
 * The payments module's front door: the provider drivers, recording and verifying a payment, refunds, and the
 * payments ledger. Nothing else of the module is imported from outside it (the quickbuy/server-modules lint
 * rule).
 */

export { exportPayments, refundedByOrder } from './export';
export { listPayments, paymentLedgerEntry, paymentStats, toAdminRefund } from './ledger';
export { paymentsOfOrder } from './order-payments';
export { erasePaymentContacts, paymentsOfOrders } from './personal-data';
export type { PaymentRecord } from './personal-data';
export { paymentProvider } from './providers';
export { fromPaystackData } from './providers/paystack';
export type { PaystackTransactionData } from './providers/paystack';
export type { PaymentProviderDriver, ProviderTransaction } from './providers/types';
export {
  askProviderToRefund,
  recordRefundResult,
  refundableAmount,
  refundableByReference,
  refundStatus,
  reserveRefund,
} from './refunds';
export type { ReservedRefund } from './refunds';
export { registerPaymentRoutes } from './routes';
export { chargeSandbox } from './sandbox-charge';
export {
  PAYMENT_NOT_FOUND,
  newPaymentReference,
  paymentMatches,
  paymentNotFound,
  paymentRequest,
  recordPayment,
} from './verification';
export type { ExpectedPayment } from './verification';
export { applyRefundEvent, paystackSignatureValid, recordPaymentEvent } from './webhooks';
export type { PaystackRefundData } from './webhooks';
