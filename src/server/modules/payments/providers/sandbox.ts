import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SANDBOX_SCRIPT_PATH, type PaymentStatus } from '../../../../shared/payments';
import type { Database } from '../../../db/client';
import { prepared, type Value } from '../../../db/prepared';
import { sandboxCharges } from '../../../db/schema/payments';
import { neverSeen, type PaymentProviderDriver, type ProviderTransaction } from './types';

const SANDBOX_PUBLIC_KEY = 'pk_test_quickbuy_sandbox';

/**
 * The sandbox driver: no keys, no network. Its widget (inline.js) charges through our own
 * /api/payments/sandbox/charge, which writes the sandbox_charges ledger; verify reads that ledger
 * exactly as it would ask Paystack.
 */
/** The ledger's charge of a reference; built once (db/prepared.ts): verify reads it for every payment. */
const chargeOf = prepared((db, value: Value<{ reference: string }>) =>
  db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.reference, value('reference')))
    .limit(1),
);

export function sandboxProvider(db: Database): PaymentProviderDriver {
  return {
    name: 'sandbox',
    publicKey: SANDBOX_PUBLIC_KEY,
    scriptUrl: SANDBOX_SCRIPT_PATH,
    async verify(reference): Promise<ProviderTransaction> {
      const [charge] = await chargeOf(db, { reference });
      if (!charge) return neverSeen(reference);
      return {
        status: charge.status as PaymentStatus,
        reference: charge.reference,
        amount: charge.amount,
        currency: charge.currency,
        channel: 'card',
        paidAt: charge.status === 'success' ? charge.createdAt : null,
        customerEmail: charge.email,
      };
    },
    async refund({ reference }) {
      const [charge] = await chargeOf(db, { reference });
      if (charge?.status !== 'success') {
        return { status: 'failed', providerReference: null, message: 'No successful charge for this reference' };
      }
      // Each refund its own id, as Paystack gives one: a payment may be refunded in parts.
      return { status: 'processed', providerReference: `SBX-RF-${randomUUID()}`, message: 'Refund processed' };
    },
  };
}
