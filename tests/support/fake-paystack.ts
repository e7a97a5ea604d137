import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Test support: a small HTTP server on 127.0.0.1 that speaks the parts of Paystack's API the store
 * uses (GET /transaction/verify/:reference, POST /refund). Tests set its answers per reference.
 */
export interface FakeTransaction {
  status: string;
  amount: number;
  currency: string;
  reference?: string;
  channel?: string;
  email?: string;
}

export interface FakePaystack {
  url: string;
  secret: string;
  transactions: Map<string, FakeTransaction>;
  /** Every request received, with its authorization header and parsed body. */
  requests: { method: string; path: string; authorization?: string; body?: unknown }[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

export async function startFakePaystack(secret = 'sk_test_fake_secret'): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const requests: FakePaystack['requests'] = [];
  let refundId = 1000;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const path = (request.url ?? '/').split('?')[0]!;
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      requests.push({ method: request.method ?? 'GET', path, authorization: request.headers.authorization, body });
      const reply = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${secret}`) {
        return reply(401, { status: false, message: 'Invalid key' });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
      if (request.method === 'GET' && verify) {
        const reference = decodeURIComponent(verify[1]!);
        const tx = transactions.get(reference);
        if (!tx) return reply(400, { status: false, message: 'Transaction reference not found' });
        return reply(200, {
          status: true,
          message: 'Verification successful',
          data: {
            id: 1,
            status: tx.status,
            reference: tx.reference ?? reference,
            amount: tx.amount,
            currency: tx.currency,
            channel: tx.channel ?? 'card',
            paid_at: tx.status === 'success' ? '2026-11-22T10:01:00.000Z' : null,
            customer: { email: tx.email ?? 'buyer@example.co.za' },
          },
        });
      }
      if (request.method === 'POST' && path === '/refund') {
        const { transaction } = (body ?? {}) as { transaction?: string };
        if (!transaction || !transactions.has(transaction)) {
          return reply(400, { status: false, message: 'Transaction not found' });
        }
        return reply(200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: { id: ++refundId, status: 'pending' },
        });
      }
      return reply(404, { status: false, message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secret,
    transactions,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The app on the Paystack driver, its API a fake Paystack on loopback, for the tests of one file or
 * describe block (as useTestApp). Read both inside tests only.
 */
export function usePaystackTestApp(): { t: TestApp; fake: FakePaystack } {
  const t = {} as TestApp;
  const fake = {} as FakePaystack;
  beforeAll(async () => {
    Object.assign(fake, await startFakePaystack());
    Object.assign(
      t,
      await createTestApp({
        PAYMENT_PROVIDER: 'paystack',
        PAYSTACK_PUBLIC_KEY: 'pk_test_fake',
        PAYSTACK_SECRET_KEY: fake.secret,
        PAYSTACK_BASE_URL: fake.url,
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  return { t, fake };
}
