import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, logFormat } from './config';

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

describe('LOG_FORMAT', () => {
  it('is auto by default: readable lines in a terminal, JSON lines in a pipe or file', () => {
    const config = loadConfig({});
    expect(config.LOG_FORMAT).toBe('auto');
    expect(logFormat(config, true)).toBe('pretty');
    expect(logFormat(config, false)).toBe('json');
  });

  it('json and pretty hold whatever stdout is', () => {
    for (const stdoutIsTerminal of [true, false]) {
      expect(logFormat(loadConfig({ LOG_FORMAT: 'json' }), stdoutIsTerminal)).toBe('json');
      expect(logFormat(loadConfig({ LOG_FORMAT: 'pretty' }), stdoutIsTerminal)).toBe('pretty');
    }
  });

  it('names the variable when the value is not a format', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT: must be one of auto, pretty, json/);
  });
});
