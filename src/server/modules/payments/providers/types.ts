import type { PaymentProvider, PaymentStatus } from '../../../../shared/payments';

/** What a provider says about one reference, in the shape Paystack's verify answers. */
export interface ProviderTransaction {
  /** 'not_found' when the provider has never seen the reference. */
  status: PaymentStatus | 'not_found';
  reference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  channel: string | null;
  paidAt: Date | null;
  customerEmail: string | null;
}

/** The answer for a reference the provider has never seen. */
export function neverSeen(reference: string): ProviderTransaction {
  return { status: 'not_found', reference, amount: 0, currency: '', channel: null, paidAt: null, customerEmail: null };
}

export interface RefundResult {
  status: 'pending' | 'processed' | 'failed';
  providerReference: string | null;
  message: string;
}

/**
 * One interface, two drivers chosen by PAYMENT_PROVIDER: the sandbox (the default: test cards, served by
 * this server) and Paystack (real money), so checkout's workflow never knows which one takes the money.
 */
export interface PaymentProviderDriver {
  name: PaymentProvider;
  publicKey: string;
  /** The inline script the browser loads on demand. */
  scriptUrl: string;
  verify(reference: string): Promise<ProviderTransaction>;
  refund(input: { reference: string; amount: number }): Promise<RefundResult>;
}
