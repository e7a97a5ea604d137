/*
 * The orders module's front door: placing, locking and moving an order (moves.ts, the one place its status
 * changes), its links and who may open it, its emails and the admin's reads. Nothing else of the module is
 * imported from outside it (the quickbuy/server-modules lint rule).
 */

export { emailProvenByLink, findOrderForViewer, linkExpiry, mayOpenOrder, orderLinkToken, placedBy } from './access';
export type { OrderAccess } from './access';
export { getAdminOrder, listAdminOrders, revokeOrderLinks } from './admin-orders';
export { renderOrderCancelled } from './cancellation-email';
export { renderOrderConfirmation } from './confirmation-email';
export { exportOrders, orderNumbersById } from './export';
export { lockExpiredOrders, lockOpenOrdersOfCart, lockOrderToCancel } from './locks';
export {
  advanceOrder,
  assertOrderMove,
  cancelOrder,
  closeUnpaidOrder,
  markOrderPaid,
  markOrderRefunded,
  updateTracking,
} from './moves';
export { eraseOrderContacts, ordersHeldFor, ordersInProgress } from './personal-data';
export type { OrderRecord } from './personal-data';
export { createOrder, createReplacementOrder, lockHoldsOf } from './placing';
export {
  ORDER_NOT_FOUND,
  ORDER_NOT_FOUND_MESSAGE,
  deliveredAt,
  findOrder,
  findOrderPayment,
  heldUnits,
  lockOrder,
  orderItemsOf,
  toOrderView,
} from './reads';
export type { OrderItemRow, OrderRow } from './reads';
export { renderRefundEmail } from './refund-email';
export { orderAccessOf, orderTokenOf } from './request-access';
export { registerOrderRoutes } from './routes';
export { getOrderStatus, getOrderTracking } from './status';
export type { OrderStatusSummary } from './status';
