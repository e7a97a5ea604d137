import type { Config } from '../../../config';
import type { PaymentStatus } from '../../../../shared/payments';
import { PAYMENT_STATUSES } from '../../../../shared/payments';
import { AppError } from '../../../lib/errors';
import { neverSeen, type PaymentProviderDriver, type ProviderTransaction, type RefundResult } from './types';

const TIMEOUT_MS = 10_000;

interface PaystackEnvelope<T> {
  status?: boolean;
  message?: string;
  data?: T;
}

/** The `data` of a Paystack transaction (verify answer and charge.success webhook alike). */
export interface PaystackTransactionData {
  status?: string;
  reference?: string;
  amount?: number;
  currency?: string;
  channel?: string | null;
  paid_at?: string | null;
  paidAt?: string | null;
  customer?: { email?: string | null } | null;
}

export function fromPaystackData(data: PaystackTransactionData, reference: string): ProviderTransaction {
  const status = (PAYMENT_STATUSES as readonly string[]).includes(data.status ?? '')
    ? (data.status as PaymentStatus)
    : 'pending';
  const paidAt = data.paid_at ?? data.paidAt ?? null;
  return {
    status,
    reference: typeof data.reference === 'string' ? data.reference : reference,
    amount: typeof data.amount === 'number' ? data.amount : -1,
    currency: typeof data.currency === 'string' ? data.currency : '',
    channel: data.channel ?? null,
    paidAt: paidAt ? new Date(paidAt) : null,
    customerEmail: data.customer?.email ?? null,
  };
}

function unavailable(): AppError {
  return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider could not be reached: try again', {
    status: 502,
  });
}

/** Paystack's real API: verify and refund with the secret key; the base URL is configurable. */
export function paystackProvider(config: Config): PaymentProviderDriver {
  const base = config.PAYSTACK_BASE_URL.replace(/\/+$/, '');
  const headers = {
    authorization: `Bearer ${config.PAYSTACK_SECRET_KEY ?? ''}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    const envelope = (await response.json().catch(() => ({}))) as PaystackEnvelope<T>;
    if (response.status >= 500) throw unavailable();
    return { ok: response.ok && envelope.status === true, status: response.status, envelope };
  }

  return {
    name: 'paystack',
    publicKey: config.PAYSTACK_PUBLIC_KEY ?? '',
    scriptUrl: config.PAYSTACK_SCRIPT_URL,
    async verify(reference) {
      const { ok, envelope } = await call<PaystackTransactionData>(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      if (!ok || !envelope.data) return neverSeen(reference);
      return fromPaystackData(envelope.data, reference);
    },
    async refund({ reference, amount }): Promise<RefundResult> {
      const { ok, envelope } = await call<{ id?: number | string; status?: string }>('POST', '/refund', {
        transaction: reference,
        amount,
      });
      if (!ok) return { status: 'failed', providerReference: null, message: envelope.message ?? 'Refund failed' };
      const id = envelope.data?.id;
      return {
        status: envelope.data?.status === 'processed' ? 'processed' : 'pending',
        providerReference: id === undefined ? null : String(id),
        message: envelope.message ?? 'Refund has been queued for processing',
      };
    },
  };
}
