import { AppError } from '../../lib/errors';
import type { ReservedLine } from '../catalog';

/**
 * How much unpaid stock one order and one client may hold, so nobody empties the catalog by placing
 * orders they never pay (docs/decisions/029): placeOrder checks both inside its transaction, whose
 * rollback then takes back the order and the stock.
 */
export interface HoldLimits {
  /** Units of one device in one order. */
  perDevice: number;
  /** Units one client address holds in unpaid orders at once. */
  perAddress: number;
}

const HOLD_LIMIT = 'HOLD_LIMIT';

/** Refuses, with 409 naming the line, a line over the per-device limit: the cart must change. */
export function checkDeviceLimit(lines: ReservedLine[], limits: HoldLimits) {
  const tooMany = lines.find((line) => line.quantity > limits.perDevice);
  if (tooMany) {
    throw new AppError(HOLD_LIMIT, `${tooMany.name}: one order may take at most ${limits.perDevice} of one device`, {
      status: 409,
    });
  }
}

/**
 * Refuses, with 429 naming the line that goes over, an order that takes its address over the
 * per-address limit: the address must pay for or wait out what it holds.
 */
export function checkAddressLimit(lines: ReservedLine[], alreadyHeld: number, limits: HoldLimits) {
  let held = alreadyHeld;
  for (const line of lines) {
    held += line.quantity;
    if (held > limits.perAddress) {
      throw new AppError(
        HOLD_LIMIT,
        `${line.name}: one address may hold at most ${limits.perAddress} units in unpaid orders at once ` +
          `(${alreadyHeld} held now); pay for or cancel an open order first`,
        { status: 429 },
      );
    }
  }
}
