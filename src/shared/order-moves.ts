import type { OrderPaymentStatus, OrderStatus } from './orders';

/**
 * The admin's moves on an order, and the order states each is allowed from: the one table the
 * Orders tab reads to offer a button and the server reads to refuse a move (409 saying why).
 * A move is allowed when the order's status is in `from` and its payment state in `payments`.
 */
export const ORDER_MOVES = {
  markProcessing: { label: 'Mark Processing', from: ['pending'], payments: ['paid'], to: 'processing' },
  markShipped: { label: 'Mark Shipped', from: ['processing'], payments: ['paid'], to: 'shipped' },
  markDelivered: { label: 'Mark Delivered', from: ['shipped'], payments: ['paid'], to: 'delivered' },
  /** Courier and number: for a paid order not yet delivered. */
  updateTracking: { label: 'Update Tracking', from: ['pending', 'processing', 'shipped'], payments: ['paid'] },
  /** Stock back, and what was paid refunded; a refunded order can still be cancelled to free its stock. */
  cancel: {
    label: 'Cancel Order',
    from: ['pending', 'processing'],
    payments: ['awaiting_payment', 'paid', 'refunded'],
  },
  /** Money that came after the order closed unpaid (the list's 'Needs refund'): given back whole. */
  refundDue: { label: 'Refund', from: ['cancelled'], payments: ['cancelled', 'expired'] },
} as const satisfies Record<
  string,
  { label: string; from: readonly OrderStatus[]; payments: readonly OrderPaymentStatus[]; to?: OrderStatus }
>;

export type OrderMove = keyof typeof ORDER_MOVES;
export const ORDER_MOVE_NAMES = Object.keys(ORDER_MOVES) as OrderMove[];

/** The forward steps, by the status each leads to (POST /api/admin/orders/:orderNumber/status). */
export const ADVANCE_MOVES = {
  processing: 'markProcessing',
  shipped: 'markShipped',
  delivered: 'markDelivered',
} as const satisfies Record<string, OrderMove>;

/** The 409 code of every move the table refuses. */
export const ORDER_MOVE_NOT_ALLOWED = 'ORDER_MOVE_NOT_ALLOWED';

interface OrderState {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
const paymentLabel = (payment: string) => payment.replaceAll('_', ' ');
const listed = (statuses: readonly string[]) =>
  statuses.length === 1
    ? statusLabel(statuses[0]!)
    : `${statuses.slice(0, -1).map(statusLabel).join(', ')} or ${statusLabel(statuses.at(-1)!)}`;

/** Whether the table allows `move` on an order in `state`. */
export function isMoveAllowed(move: OrderMove, state: OrderState): boolean {
  const rule = ORDER_MOVES[move];
  return (
    (rule.from as readonly string[]).includes(state.status) &&
    (rule.payments as readonly string[]).includes(state.paymentStatus)
  );
}

/** Every move the table allows on an order in `state`, in the table's order. */
export const allowedOrderMoves = (state: OrderState): OrderMove[] =>
  ORDER_MOVE_NAMES.filter((move) => isMoveAllowed(move, state));

/** Why the table refuses `move` on an order in `state` (its status first, then its payment); null when allowed. */
export function orderMoveRefusal(move: OrderMove, state: OrderState): string | null {
  if (isMoveAllowed(move, state)) return null;
  const rule = ORDER_MOVES[move];
  const from = rule.from as readonly string[];
  // Whether money is owed back is a matter of the payment alone: say so whatever the status.
  if (move === 'refundDue') {
    return `This order is ${paymentLabel(state.paymentStatus)}; only money paid after an order closed is refunded here`;
  }
  if (!from.includes(state.status)) {
    const now = `This order is ${statusLabel(state.status)}`;
    if ('to' in rule) return `${now}; it can be marked ${statusLabel(rule.to)} only from ${statusLabel(from[0]!)}`;
    if (move === 'cancel') return `${now}; only a ${listed(from)} order can be cancelled`;
    return `${now}; tracking can be updated only on a ${listed(from)} order`;
  }
  if (!(rule.payments as readonly string[]).includes(state.paymentStatus)) {
    const now = `This order is ${paymentLabel(state.paymentStatus)}`;
    if (move === 'cancel') return `${now}; its money has already been settled`;
    return `${now}; only a paid order can move forward`;
  }
  return `This order is ${statusLabel(state.status)} and ${paymentLabel(state.paymentStatus)}`;
}
