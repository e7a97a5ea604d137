import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      PAYMENT_PROVIDER: 'sandbox',
      STORE_CURRENCY: 'NGN',
      RESERVATION_MINUTES: 30,
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable whose value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a port number/);
    expect(() => loadConfig({ STORE_CURRENCY: 'USD' })).toThrow(/STORE_CURRENCY: must be one of NGN, ZAR/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  it('treats an empty value as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('needs both Paystack keys when the provider is paystack', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_PUBLIC_KEY, PAYSTACK_SECRET_KEY/);
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_PUBLIC_KEY: 'pk_test_1', PAYSTACK_SECRET_KEY: 'sk_test_1' })
        .PAYMENT_PROVIDER,
    ).toBe('paystack');
  });
});
