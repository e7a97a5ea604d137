/*
 * The checkout module's front door: its routes (the shopper's checkout and payment, the admin's Orders and
 * Paystack tabs) and the expiry of unpaid holds that main.ts runs. Nothing else of the module is imported from
 * outside it (the quickbuy/server-modules lint rule).
 */

export { refundStep } from './admin-orders';
export { registerOrderAdminRoutes } from './admin-order-routes';
export { registerPaymentAdminRoutes } from './admin-payment-routes';
export { registerCheckoutRoutes } from './routes';
export { startReservationExpiry } from './reservation-expiry';
