import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, logFormat } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      PAYMENT_PROVIDER: 'sandbox',
      STORE_CURRENCY: 'NGN',
      RESERVATION_MINUTES: 15,
      MAX_UNITS_PER_DEVICE: 5,
      MAX_HELD_UNITS_PER_ADDRESS: 10,
      TRUST_PROXY: false,
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

  it('backs up every 24 hours into ./backups keeping 14 by default, every N hours or never when told', () => {
    expect(loadConfig({})).toMatchObject({
      BACKUP_DIR: expect.stringMatching(/\/backups$/),
      BACKUP_EVERY_HOURS: 24,
      BACKUP_KEEP: 14,
    });
    expect(loadConfig({ BACKUP_EVERY_HOURS: '6' }).BACKUP_EVERY_HOURS).toBe(6);
    expect(loadConfig({ BACKUP_EVERY_HOURS: 'OFF' }).BACKUP_EVERY_HOURS).toBeNull();
    for (const wrong of ['0', '1.5', 'daily']) {
      expect(() => loadConfig({ BACKUP_EVERY_HOURS: wrong })).toThrow(
        /BACKUP_EVERY_HOURS: must be a whole number of hours \(24\) or 'off'/,
      );
    }
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: must be above 0/);
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

describe('TRUST_PROXY', () => {
  it("takes a hop count or the proxies' addresses and CIDRs", () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it("refuses 'true', which would let a client write its own address, saying what to write", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      "TRUST_PROXY: 'true' would believe every hop, so any client could pick its own address: write the number of " +
        'proxies in front of the store (1 behind one load balancer) or their addresses and CIDRs (10.0.0.0/8,127.0.0.1)',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: '10.0.0.0\/33' is not an address or CIDR/,
    );
  });

  const HELP =
    ': write the number of proxies in front of the store (1 behind one load balancer) or their addresses and CIDRs (10.0.0.0/8,127.0.0.1)';

  it('refuses a hop count above 5, which would believe addresses the client wrote', () => {
    expect(loadConfig({ TRUST_PROXY: '5' }).TRUST_PROXY).toBe(5);
    for (const hops of ['6', '1000']) {
      expect(() => loadConfig({ TRUST_PROXY: hops })).toThrow(
        `Invalid configuration:\n  TRUST_PROXY: ${hops} proxies is more than any real chain (at most 5), so clients could pick their own address${HELP}`,
      );
    }
  });

  it('refuses a network wider than an IPv4 /8 or an IPv6 /32, with the same message and no stack for /0', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,fd12:3456:789a::/48,2001:db8::/32' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'fd12:3456:789a::/48',
      '2001:db8::/32',
    ]);
    expect(loadConfig({ TRUST_PROXY: '::ffff:10.0.0.0/104' }).TRUST_PROXY).toEqual(['::ffff:10.0.0.0/104']);
    for (const [value, wide] of [
      ['0.0.0.0/0', '0.0.0.0/0'],
      ['0.0.0.0/1,128.0.0.0/1', '0.0.0.0/1'],
      ['10.0.0.1, 172.0.0.0/7', '172.0.0.0/7'],
      ['::/0', '::/0'],
      ['2001:db8::/31', '2001:db8::/31'],
      // IPv6 ranges over the IPv4-mapped addresses trust the IPv4 clients of a dual-stack listener.
      ['::ffff:0:0/96', '::ffff:0:0/96'],
      ['::ffff:10.0.0.0/100', '::ffff:10.0.0.0/100'],
      ['::/32', '::/32'],
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `Invalid configuration:\n  TRUST_PROXY: '${wide}' is wider than a /8 (IPv4) or /32 (IPv6) network, so clients' own addresses would be believed${HELP}`,
      );
    }
  });
});

/** An https store's address as an operator might write it: the scheme in any case, the host too, a trailing slash. */
const HTTPS_SPELLINGS = [
  'https://quickbuy.co.za',
  'HTTPS://QUICKBUY.CO.ZA',
  'Https://QuickBuy.co.za/',
  'hTTpS://quickbuy.co.za:443//',
];

describe('PUBLIC_URL', () => {
  it('is parsed once into one form: lower-case scheme and host, no default port, no trailing slash', () => {
    for (const value of HTTPS_SPELLINGS) {
      const config = loadConfig({ PUBLIC_URL: value, ALLOW_SANDBOX_PAYMENTS: 'true' });
      expect(config, value).toMatchObject({ PUBLIC_URL: 'https://quickbuy.co.za', onHttps: true });
    }
    expect(loadConfig({ PUBLIC_URL: 'HTTP://LocalHost:3000/' })).toMatchObject({
      PUBLIC_URL: 'http://localhost:3000',
      onHttps: false,
    });
    // A path is the store's own (behind a proxy's prefix) and keeps its case; only its trailing slashes go.
    expect(loadConfig({ PUBLIC_URL: 'HTTP://Shop.Example/QuickBuy/' }).PUBLIC_URL).toBe('http://shop.example/QuickBuy');
    expect(loadConfig({}).onHttps).toBe(false);
  });

  it('unset (or blank), is the local address on the port the store serves, so emailed links reach it', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: '  ' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(
      loadConfig({ PORT: '8080', PUBLIC_URL: 'https://quickbuy.co.za', ALLOW_SANDBOX_PAYMENTS: 'true' }).PUBLIC_URL,
    ).toBe('https://quickbuy.co.za');
  });

  it('refuses anything but the http or https address of the store alone', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'quickbuy.co.za' })).toThrow(
      'Invalid configuration:\n  PUBLIC_URL: must be a URL such as https://quickbuy.co.za',
    );
    for (const value of ['ftp://quickbuy.co.za', 'javascript:alert(1)', 'httpx://quickbuy.co.za']) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(
        'Invalid configuration:\n  PUBLIC_URL: must be an http:// or https:// URL such as https://quickbuy.co.za',
      );
    }
    for (const value of [
      'https://admin:secret@quickbuy.co.za',
      'https://quickbuy.co.za/?ref=1',
      'https://quickbuy.co.za/#top',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: value, ALLOW_SANDBOX_PAYMENTS: 'true' }), value).toThrow(
        "Invalid configuration:\n  PUBLIC_URL: must be the store's address alone, with no user, password, query or fragment, such as https://quickbuy.co.za",
      );
    }
  });

  it('keeps every https-only guard whatever the case of its scheme: no sandbox, no STAFF_MFA=off, no light passwords, no timing floors off', () => {
    for (const value of HTTPS_SPELLINGS) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(
        /PAYMENT_PROVIDER: the sandbox takes no real money, and PUBLIC_URL is https/,
      );
      expect(() => loadConfig({ PUBLIC_URL: value, ALLOW_SANDBOX_PAYMENTS: 'true', STAFF_MFA: 'off' }), value).toThrow(
        /STAFF_MFA: off lets agents and the admin in with a password alone, and PUBLIC_URL is https/,
      );
      expect(
        () => loadConfig({ PUBLIC_URL: value, ALLOW_SANDBOX_PAYMENTS: 'true', PASSWORD_WORK: 'light' }),
        value,
      ).toThrow(/PASSWORD_WORK: light hashes are 32 times cheaper to guess, and PUBLIC_URL is https/);
      expect(
        () => loadConfig({ PUBLIC_URL: value, ALLOW_SANDBOX_PAYMENTS: 'true', TIMING_FLOORS: 'off' }),
        value,
      ).toThrow(
        /TIMING_FLOORS: off lets the time of an answer tell whether an email has an account, and PUBLIC_URL is https/,
      );
    }
  });
});

describe('the settings tests and throwaway stores turn down', () => {
  for (const { name, fallback, other, choices } of [
    { name: 'PASSWORD_WORK', fallback: 'standard', other: 'light', choices: 'standard, light' },
    { name: 'TIMING_FLOORS', fallback: 'on', other: 'off', choices: 'on, off' },
  ] as const) {
    it(`${name} is ${fallback} unless set, ${other} only on http (above), and nothing else`, () => {
      expect(loadConfig({})[name]).toBe(fallback);
      expect(loadConfig({ [name]: other })[name]).toBe(other);
      expect(() => loadConfig({ [name]: 'none' })).toThrow(
        `Invalid configuration:\n  ${name}: must be one of ${choices}`,
      );
    });
  }
});

describe('the sandbox payment provider', () => {
  it('is the default for a local store on http', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('is refused on an https store unless ALLOW_SANDBOX_PAYMENTS=true', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://quickbuy.co.za' })).toThrow(
      /PAYMENT_PROVIDER: the sandbox takes no real money, and PUBLIC_URL is https/,
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://demo.quickbuy.co.za', ALLOW_SANDBOX_PAYMENTS: 'true' }).PAYMENT_PROVIDER,
    ).toBe('sandbox');
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

describe('stopping and metrics', () => {
  it('stops within 10 s, taking requests 1 s more after SIGTERM, with metrics for loopback only', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ SHUTDOWN_TIMEOUT_MS: 10_000, SHUTDOWN_DRAIN_MS: 1000 });
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
  });

  it('refuses a drain that leaves no time inside the deadline, and a token short enough to guess', () => {
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '2000', SHUTDOWN_DRAIN_MS: '2000' })).toThrow(
      /SHUTDOWN_DRAIN_MS: 2000 leaves no time to finish the requests in flight within SHUTDOWN_TIMEOUT_MS \(2000\)/,
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_MS: must be above 0/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
