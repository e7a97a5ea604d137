import type { AppContext } from '../../../context';
import { paystackProvider } from './paystack';
import { sandboxProvider } from './sandbox';
import type { PaymentProviderDriver } from './types';

export type { PaymentProviderDriver, ProviderTransaction, RefundResult } from './types';

/** The driver PAYMENT_PROVIDER names. */
export function paymentProvider({ config, db }: Pick<AppContext, 'config' | 'db'>): PaymentProviderDriver {
  return config.PAYMENT_PROVIDER === 'paystack' ? paystackProvider(config) : sandboxProvider(db);
}
