import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BACKUP_EVERY_HOURS, DEFAULT_BACKUP_KEEP } from '../shared/backups';
import { CURRENCIES } from '../shared/money';
import { PAYMENT_PROVIDERS } from '../shared/payments';
import { ipv6Groups } from './lib/client-key';
import { PASSWORD_WORK, type PasswordWork } from './lib/passwords';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be above 0')
    .default(fallback);

const TRUST_PROXY_HELP =
  'write the number of proxies in front of the store (1 behind one load balancer) or their addresses and CIDRs (10.0.0.0/8,127.0.0.1)';
/** No real chain of proxies in front of a store is longer: a bigger count believes addresses the client wrote. */
const MAX_PROXY_HOPS = 5;
/**
 * The widest networks a list may trust. IPv4: /8, the widest private block (10.0.0.0/8); anything
 * wider holds public addresses clients connect from. IPv6: /32, a whole provider's allocation; a
 * site's own proxies sit in its /48 (its unique-local fdXX:XXXX:XXXX::/48 included) or /64.
 */
const WIDEST_PREFIX = { 4: 8, 6: 32 } as const;

function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message: `${message}: ${TRUST_PROXY_HELP}` });
    return z.NEVER;
  };
  if (text === 'true') return refuse("'true' would believe every hop, so any client could pick its own address");
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_PROXY_HOPS) {
      return refuse(
        `${text} proxies is more than any real chain (at most ${MAX_PROXY_HOPS}), so clients could pick their own address`,
      );
    }
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const network = parseNetwork(entry);
    if (!network) return refuse(`'${entry}' is not an address or CIDR`);
    if (network.bits < WIDEST_PREFIX[network.version]) {
      return refuse(
        `'${entry}' is wider than a /8 (IPv4) or /32 (IPv6) network, so clients' own addresses would be believed`,
      );
    }
  }
  return entries;
}

/** ::ffff:0:0/96, where IPv4 clients of a dual-stack listener appear (::ffff:a.b.c.d). */
const IPV4_MAPPED = [0, 0, 0, 0, 0, 0xffff];

/**
 * An address or CIDR as its IP version and prefix length (a lone address is all its bits). An IPv6
 * range over IPv4-mapped addresses counts as the IPv4 range it trusts: ::ffff:10.0.0.0/104 as /8,
 * and ::/32, which holds all of ::ffff:0:0/96, as every IPv4 address (/0).
 */
function parseNetwork(entry: string): { version: 4 | 6; bits: number } | null {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if ((version !== 4 && version !== 6) || rest.length > 0) return null;
  const size = version === 4 ? 32 : 128;
  if (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= size)) return null;
  const length = bits === undefined ? size : Number(bits);
  const groups = version === 6 ? ipv6Groups(address)! : null;
  const overIpv4 = groups?.every((group, i) => {
    const known = Math.min(16, Math.max(0, length - 16 * i));
    const mask = (0xffff << (16 - known)) & 0xffff;
    return i >= IPV4_MAPPED.length || (group & mask) === (IPV4_MAPPED[i]! & mask);
  });
  if (overIpv4) return { version: 4, bits: Math.max(0, length - 96) };
  return { version, bits: length };
}

const PUBLIC_URL_EXAMPLE = 'such as https://quickbuy.co.za';

/**
 * PUBLIC_URL as one normalised address: http or https, lower-case scheme and host (the URL parser's own
 * form, so `HTTPS://Shop.Example/` is `https://shop.example`), no trailing slash, no user, query or
 * fragment (links are built by appending a path to it). Parsed once here; everything that asks whether
 * the store is on https reads `onHttps`, never the text.
 */
function parsePublicUrl(value: string, ctx: z.RefinementCtx): string {
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message: `${message} ${PUBLIC_URL_EXAMPLE}` });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('must be a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('must be an http:// or https:// URL');
  if (url.username || url.password || url.search || url.hash) {
    return refuse("must be the store's address alone, with no user, password, query or fragment,");
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export const STAFF_MFA_MODES = ['required', 'off'] as const;
export const TIMING_FLOOR_MODES = ['on', 'off'] as const;

/** Every environment variable the store reads; the README's table lists the same. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: http://localhost and the port served (PORT), so a store started on another port links to itself. */
  PUBLIC_URL: optionalString.pipe(z.string().transform(parsePublicUrl).optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  /**
   * Which X-Forwarded-For hops to believe: `false`, the number of proxies in front, or their addresses
   * and CIDRs. Never `true`: it believes the leftmost address, which the client writes itself.
   */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines in a terminal, JSON lines otherwise (a file, a pipe, a log collector). */
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).default('auto'),
  ADMIN_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  DEMO_AGENT_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('QuickBuy <orders@quickbuy.co.za>'),
  /**
   * Where the store tells the admin of each new trade-in and repair booking: an address, `off` for no
   * such email, or unset for the first admin's address.
   */
  ADMIN_NOTIFY_EMAIL: optionalString.pipe(
    z.union([z.literal('off'), z.email({ error: "must be an email address or 'off'" })]).optional(),
  ),
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { error: `must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
    .default('sandbox'),
  /** The sandbox takes no real money: refused on an https store unless this says the store is a demo. */
  ALLOW_SANDBOX_PAYMENTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  PAYSTACK_PUBLIC_KEY: optionalString,
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_BASE_URL: z.url({ error: 'must be a URL' }).default('https://api.paystack.co'),
  PAYSTACK_SCRIPT_URL: z.url({ error: 'must be a URL' }).default('https://js.paystack.co/v1/inline.js'),
  RESERVATION_MINUTES: positiveInt(15),
  /** An order's links (the emailed ones and the placing browser's token) open it this long. */
  ORDER_LINK_DAYS: positiveInt(30),
  /** One order takes at most this many units of one device. */
  MAX_UNITS_PER_DEVICE: positiveInt(5),
  /** One client address holds at most this many units in unpaid orders at once. */
  MAX_HELD_UNITS_PER_ADDRESS: positiveInt(10),
  /** Repair bookings one pickup slot takes (agents out collecting at the same hour). */
  REPAIR_SLOT_CAPACITY: positiveInt(2),
  /** Rows an admin CSV export reads from the database at a time (the memory it holds while streaming). */
  CSV_BATCH_SIZE: positiveInt(1000),
  /** CPU seconds of image decoding one client address may spend per 10 minutes on this instance (decision 067). */
  IMAGE_CPU_SECONDS_PER_ADDRESS: positiveInt(30),
  OPENROUTER_API_KEY: optionalString,
  OPENROUTER_BASE_URL: z.url({ error: 'must be a URL' }).default('https://openrouter.ai/api/v1'),
  OPENROUTER_MODEL: z.string().default('openai/gpt-4o-mini'),
  OPENROUTER_TIMEOUT_MS: positiveInt(15_000),
  STORE_CURRENCY: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }).default('NGN'),
  SESSION_IDLE_MINUTES: positiveInt(60 * 24 * 7),
  /** Agents and the admin sign in with a password and an authenticator code; `off` (password alone) is for local demos and tests. */
  STAFF_MFA: z.enum(STAFF_MFA_MODES, { error: `must be one of ${STAFF_MFA_MODES.join(', ')}` }).default('required'),
  SESSION_MAX_DAYS: positiveInt(30),
  /** The scrypt work a new password hash costs (lib/passwords.ts); `light` is for tests and throwaway local data. */
  PASSWORD_WORK: z
    .enum(Object.keys(PASSWORD_WORK) as [PasswordWork, ...PasswordWork[]], {
      error: `must be one of ${Object.keys(PASSWORD_WORK).join(', ')}`,
    })
    .default('standard'),
  /**
   * The least time the answers that could tell whether an email or a reference is known take (lib/timing.ts);
   * `off` (answer when done) is for tests and throwaway local data.
   */
  TIMING_FLOORS: z.enum(TIMING_FLOOR_MODES, { error: `must be one of ${TIMING_FLOOR_MODES.join(', ')}` }).default('on'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  /** The storefront's server render, built by `vite build --ssr` (docs/decisions/032); missing: pages are rendered by the browser. */
  WEB_SSR_ENTRY: z.string().default('./dist/server/entry-server.js'),
  /** From the stop signal to the exit, whatever still runs then is cut off (lib/shutdown.ts). */
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  /**
   * After SIGTERM, how long the instance still takes new requests while /api/health/ready says 503, so a load
   * balancer polling it moves traffic away before the listener closes. 0: close at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(1000),
  /** Where backups are written (`npm run backup` and the schedule): a folder on another disk, or one synced away. */
  BACKUP_DIR: z.string().default('./backups'),
  /** How often the store backs itself up, in hours; `off` for never (then run `npm run backup` yourself). */
  BACKUP_EVERY_HOURS: z
    .string()
    .default(String(DEFAULT_BACKUP_EVERY_HOURS))
    .transform((value, ctx) => {
      const text = value.trim().toLowerCase();
      if (text === 'off') return null;
      if (!/^\d+$/.test(text) || Number(text) < 1) {
        ctx.addIssue({ code: 'custom', message: "must be a whole number of hours (24) or 'off'" });
        return z.NEVER;
      }
      return Number(text);
    }),
  /** Backups kept in BACKUP_DIR: each new one deletes those past the newest this many. */
  BACKUP_KEEP: positiveInt(DEFAULT_BACKUP_KEEP),
  /** Lets GET /metrics answer another machine presenting it as a bearer token; unset, loopback only. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PUBLIC_URL' | 'DATA_DIR' | 'BACKUP_DIR' | 'WEB_DIST_DIR' | 'WEB_SSR_ENTRY'> {
  PUBLIC_URL: string;
  /**
   * PUBLIC_URL's scheme is https: a real store, so its cookie is Secure, HSTS is sent, and neither the
   * sandbox (without ALLOW_SANDBOX_PAYMENTS) nor STAFF_MFA=off may run. The one answer every such guard reads.
   */
  onHttps: boolean;
  DATA_DIR: string;
  BACKUP_DIR: string;
  WEB_DIST_DIR: string;
  WEB_SSR_ENTRY: string;
}

export class ConfigError extends Error {}

/** Parse the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}` };
  const onHttps = new URL(config.PUBLIC_URL).protocol === 'https:';
  if (config.PAYMENT_PROVIDER === 'paystack' && (!config.PAYSTACK_PUBLIC_KEY || !config.PAYSTACK_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYSTACK_PUBLIC_KEY, PAYSTACK_SECRET_KEY: both are required when PAYMENT_PROVIDER=paystack',
    );
  }
  // What a local demo or a test may run with and a real store (https) may not: the setting, why, and what to do.
  const notOnARealStore: [refused: boolean, setting: string, why: string, remedy: string][] = [
    [
      config.PAYMENT_PROVIDER === 'sandbox' && !config.ALLOW_SANDBOX_PAYMENTS,
      'PAYMENT_PROVIDER',
      'the sandbox takes no real money',
      'set PAYMENT_PROVIDER=paystack with its keys, or ALLOW_SANDBOX_PAYMENTS=true for a public demo',
    ],
    [
      config.STAFF_MFA === 'off',
      'STAFF_MFA',
      'off lets agents and the admin in with a password alone',
      'remove STAFF_MFA (required is the default)',
    ],
    [
      config.PASSWORD_WORK === 'light',
      'PASSWORD_WORK',
      'light hashes are 32 times cheaper to guess',
      'remove PASSWORD_WORK (standard is the default)',
    ],
    [
      config.TIMING_FLOORS === 'off',
      'TIMING_FLOORS',
      'off lets the time of an answer tell whether an email has an account',
      'remove TIMING_FLOORS (on is the default)',
    ],
  ];
  const refused = onHttps ? notOnARealStore.find(([isRefused]) => isRefused) : undefined;
  if (refused) {
    const [, setting, why, remedy] = refused;
    throw new ConfigError(
      `Invalid configuration:\n  ${setting}: ${why}, and PUBLIC_URL is https (a real store): ${remedy}`,
    );
  }
  if (config.SHUTDOWN_DRAIN_MS >= config.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration:\n  SHUTDOWN_DRAIN_MS: ${config.SHUTDOWN_DRAIN_MS} leaves no time to finish the requests in flight ` +
        `within SHUTDOWN_TIMEOUT_MS (${config.SHUTDOWN_TIMEOUT_MS}): make it shorter`,
    );
  }
  return {
    ...config,
    onHttps,
    DATA_DIR: path.resolve(config.DATA_DIR),
    BACKUP_DIR: path.resolve(config.BACKUP_DIR),
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR),
    WEB_SSR_ENTRY: path.resolve(config.WEB_SSR_ENTRY),
  };
}

/** How the log is written: LOG_FORMAT, where `auto` means readable lines only when stdout is a terminal. */
export function logFormat(config: Pick<Config, 'LOG_FORMAT'>, stdoutIsTerminal: boolean): 'pretty' | 'json' {
  if (config.LOG_FORMAT === 'auto') return stdoutIsTerminal ? 'pretty' : 'json';
  return config.LOG_FORMAT;
}
