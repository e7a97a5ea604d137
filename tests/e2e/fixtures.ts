import { test as base, expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import type { MeReply, SignupInput } from '../../src/shared/accounts';
import type { EnrolmentReply } from '../../src/shared/staff-mfa';
import type { Device, DeviceListReply } from '../../src/shared/catalog';
import { CSRF_HEADER } from '../../src/shared/errors';
import type { DeviceForm } from '../../src/shared/inventory';
import type { CheckoutCustomerInput, CheckoutReply } from '../../src/shared/orders';
import { CHAT_VISITED_KEY } from '../../src/shared/chat';
import { paths } from '../../src/shared/paths';
import { E2E_STAFF } from '../support/e2e-staff';
import { nextCode } from './authenticator';
import { gotoWaitsForHydration, watchPage } from './live-page';
import { inbox } from './mailbox';

/**
 * Fixtures every spec shares (import `test` and `expect` from here, not from @playwright/test):
 * - `extraHTTPHeaders`: the test's page, `api` and `request` speak from an address of their own (ownAddress);
 * - `api`: the API as our pages call it (the CSRF header on every request), sharing the page's cookies;
 * - `customer`: a new customer signed up through the API and the link it emailed, the page signed in as them;
 * - `admin`: the API signed in as the e2e admin, in a context of its own (the page is not signed in);
 * - `signInAs('admin' | 'agent')`: the page (and `api`) signed in as the e2e admin or the demo agent;
 *   `staffApi(...)` the same in a request context of its own. A staff sign-in takes a code from the
 *   authenticator, and a code works once: each worker signs each of them in once and shares that session
 *   between its tests (signing in again only when a test signed it out);
 * - `makeDevice`: a device made for this test through the admin's API, so no test depends on
 *   what the demo catalog holds or on what another test bought (`admin.patch` changes it later);
 * - `chatGreeting` (an option, off): every browser starts as a returning visitor, so the chat's
 *   first-visit greeting never opens over what a test clicks 3 seconds in; the chat's own spec turns it on;
 * - `page`: `page.goto` to a server-rendered page returns once the app has hydrated it (`hydrated`), so a
 *   story acts on the live page as a shopper does a moment later; what a press before that does is a story
 *   of its own (ssr.spec.ts). A failed story prints what its page said (live-page.ts).
 * The e2e server (scripts/e2e-server.mjs) seeds these staff accounts.
 */
export { E2E_STAFF };
export const E2E_ADMIN = E2E_STAFF.admin;
export const E2E_AGENT = E2E_STAFF.agent;
/** The other demo agent: the agent's-day spec's own (no other spec gives them trade-ins, so its counts are its to watch). */
export const E2E_OTHER_AGENT = E2E_STAFF.otherAgent;

/** A staff member signing in: an agent by username, an admin by email; `secret` once their authenticator is set up. */
export type StaffLogin = ({ username: string } | { email: string }) & { password: string; secret?: string };

/**
 * Signs `api` in as a staff member through both steps: the password, then the authenticator's code;
 * on a first sign-in it sets the authenticator up (the secret from the reply, as a person scans it).
 * Their user id and the secret.
 */
export async function signInStaff(api: Api, staff: StaffLogin): Promise<{ id: string; secret?: string }> {
  const [url, name] =
    'username' in staff ? ['/api/auth/agent/signin', staff.username] : ['/api/auth/admin/signin', staff.email];
  const body =
    'username' in staff ? { username: name, password: staff.password } : { email: name, password: staff.password };
  // From an address of its own: wrong passwords other specs typed from 127.0.0.1 must not lock the staff out.
  const reply = await api.expect<MeReply>(api.postAsShopper(url, body));
  if (reply.user) return { id: reply.user.id, secret: staff.secret }; // a store with STAFF_MFA=off
  let secret = staff.secret;
  let done: MeReply;
  if (reply.secondFactor?.step === 'enrol') {
    secret = (await api.expect<EnrolmentReply>(api.post('/api/auth/mfa/enrolment'))).secret;
    const code = await nextCode(name, secret);
    done = await api.expect<MeReply>(api.post('/api/auth/mfa/enrolment/confirm', { savedRecoveryCodes: true, code }));
  } else {
    if (!secret) throw new Error(`${name} has an authenticator the test does not know`);
    done = await api.expect<MeReply>(api.post('/api/auth/mfa/code', { code: await nextCode(name, secret) }));
  }
  return { id: done.user!.id, secret };
}

/** On the portal's code screen: the staff member's next code, then Verify. */
export async function enterAuthenticatorCode(page: Page, account: string, secret: string) {
  const code = page.getByLabel(/^Authentication code/);
  await expect(code).toBeVisible();
  await code.fill(await nextCode(account, secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * An address of its own, sent through the one proxy the e2e server trusts. The store keeps allowances per
 * address: units held in unpaid orders, public forms, wrong passwords, each over a window of up to an hour.
 * Every test speaks from one of these (the `extraHTTPHeaders` fixture), as every shopper does from theirs, so
 * no test spends another's allowance or is refused for what earlier tests did.
 */
export function ownAddress() {
  const part = () => Math.floor(Math.random() * 250);
  return `10.${part()}.${part()}.${part() + 1}`;
}

/** Short and unique across workers and repeats: for emails and device names a test searches by. */
export const uniqueId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export class Api {
  constructor(readonly request: APIRequestContext) {}

  get(path: string): Promise<APIResponse> {
    return this.request.get(path);
  }

  post(path: string, data?: unknown): Promise<APIResponse> {
    return this.request.post(path, { data, headers: { [CSRF_HEADER]: '1' } });
  }

  /** POST as another shopper (ownAddress): what a test makes behind the scenes spends none of its own allowance. */
  postAsShopper(path: string, data: unknown): Promise<APIResponse> {
    return this.request.post(path, { data, headers: { [CSRF_HEADER]: '1', 'x-forwarded-for': ownAddress() } });
  }

  put(path: string, data: unknown): Promise<APIResponse> {
    return this.request.put(path, { data, headers: { [CSRF_HEADER]: '1' } });
  }

  patch(path: string, data: unknown): Promise<APIResponse> {
    return this.request.patch(path, { data, headers: { [CSRF_HEADER]: '1' } });
  }

  /** The reply's JSON body, after checking its status. */
  async expect<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
    const res = await response;
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as T;
  }
}

export type Customer = SignupInput;

/** A new customer's sign-up details, with a unique email; `changes` replace any of them. */
export function customerDetails(changes: Partial<Customer> = {}): Customer {
  const password = changes.password ?? 'Table-bay-2026';
  return {
    firstName: 'Ayanda',
    lastName: 'Zulu',
    email: `e2e.${uniqueId()}@example.co.za`,
    phone: '+27 82 555 9999',
    idType: 'id',
    idNumber: '9202025009081',
    apartment: '',
    city: 'Durban',
    province: 'KwaZulu-Natal',
    postalCode: '4001',
    password,
    confirmPassword: password,
    acceptTerms: true,
    ...changes,
  };
}

/**
 * The newest link to `path` ('/signup') with a token the store emailed to `to`, waiting for
 * the outbox's sender to deliver it (it passes every 5 seconds).
 */
export async function emailedLink(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[\\w-]+`, 'g');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await inbox(to)).flatMap((m) => m.text.match(pattern) ?? []).at(-1);
        return link;
      },
      { message: `a ${path} link emailed to ${to}`, timeout: 15_000, intervals: [250] },
    )
    .toBeDefined();
  return link!;
}

/** Signs `customer` up as the sign-up form does, then uses the link emailed to them as its page does: `api` is signed in as them. */
export async function signUpThroughEmail(api: Api, customer: Customer) {
  // Each from an address of its own: the suite's many sign-ups would spend one address's allowance.
  await api.expect(api.postAsShopper('/api/auth/signup', customer), 202);
  const token = new URL(await emailedLink(customer.email, paths.signup)).searchParams.get('token');
  const password = customer.password;
  await api.expect(api.postAsShopper('/api/auth/activate', { token, password, confirmPassword: password }), 201);
}

/** Opens the sign-up link emailed to `email` and finishes the sign-up with `password` typed twice, as its recipient does. */
export async function followSignUpLink(page: Page, email: string, password: string) {
  await page.goto(await emailedLink(email, paths.signup));
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills the customer sign-up form (/signup or the /auth tab) with `customer`, ID number as the ID type. */
export async function fillSignUpForm(page: Page, customer: Customer) {
  await page.getByLabel('First Name').fill(customer.firstName);
  await page.getByLabel('Last Name').fill(customer.lastName);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Phone').fill(customer.phone);
  await page.getByLabel('ID Number').fill(customer.idNumber);
  await page.getByLabel('City').fill(customer.city);
  await page.getByLabel('Province').selectOption(customer.province);
  await page.getByLabel('Postal Code').fill(customer.postalCode);
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByLabel('Confirm Password').fill(customer.confirmPassword);
  await page.getByLabel(/I agree to the/).check();
}

/** Puts one of `device` in the cart from its page. */
export async function addToCart(page: Page, device: Device) {
  await page.goto(`/device/${device.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText(`${device.name} added to cart!`)).toBeVisible();
}

/** The sandbox provider's card that pays. */
export const SANDBOX_SUCCESS_CARD = '4084 0840 8408 4081';

/** The guest the API-placed orders are for. */
export const ORDER_CUSTOMER = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.co.za',
  shippingAddress: { street: '12 Long Street', city: 'Cape Town', state: 'Western Cape', zipCode: '8001' },
} satisfies CheckoutCustomerInput;

/** One of `device`, ordered by ORDER_CUSTOMER and paid with the sandbox card, all through the API as the checkout page calls it. */
export async function placePaidOrder(api: Api, device: Device, email = ORDER_CUSTOMER.email): Promise<CheckoutReply> {
  const placed = await api.expect<CheckoutReply>(
    api.post('/api/checkout', {
      items: [{ deviceId: device.id, quantity: 1 }],
      customer: { ...ORDER_CUSTOMER, email },
    }),
    201,
  );
  const { reference } = placed.payment;
  await api.expect(
    api.post('/api/payments/sandbox/charge', {
      reference,
      cardNumber: SANDBOX_SUCCESS_CARD,
      cvv: '408',
      expiry: '12/30',
    }),
  );
  await api.expect(api.post('/api/payments/verify', { reference }));
  return placed;
}

export type NewDevice = Partial<DeviceForm> & {
  /** How many pictures to give it, taken from the demo catalog's stored images (none by default). */
  images?: number;
};

type SharedStaff = 'admin' | 'agent';

interface Fixtures {
  chatGreeting: boolean;
  returningVisitor: void;
  api: Api;
  customer: Customer;
  admin: Api;
  signInAs: (who: SharedStaff) => Promise<void>;
  staffApi: (who: SharedStaff) => Promise<Api>;
  makeDevice: (fields?: NewDevice) => Promise<Device>;
}

interface WorkerFixtures {
  /** The session cookie of the worker's shared sign-in of the e2e admin or the demo agent. */
  staffSession: (who: SharedStaff) => Promise<{ name: string; value: string; url: string }>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // The test's page, its `api` and its `request` speak from one address of their own (ownAddress).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => use({ ...extraHTTPHeaders, 'x-forwarded-for': ownAddress() }),

  staffSession: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const signedIn = new Map<SharedStaff, APIRequestContext>();
      await use(async (who) => {
        let request = signedIn.get(who);
        const alive = request && (await (await request.get('/api/auth/me')).json()).user;
        if (!alive) {
          await request?.dispose();
          request = await playwright.request.newContext({ baseURL });
          await signInStaff(new Api(request), who === 'admin' ? E2E_ADMIN : E2E_AGENT);
          signedIn.set(who, request);
        }
        const { cookies } = await request!.storageState();
        const { name, value } = cookies.find((cookie) => cookie.name === 'qb_session')!;
        return { name, value, url: baseURL };
      });
      for (const request of signedIn.values()) await request.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  signInAs: async ({ page, staffSession }, use) => {
    await use(async (who) => page.context().addCookies([await staffSession(who)]));
  },

  staffApi: async ({ playwright, baseURL, staffSession }, use) => {
    const made: APIRequestContext[] = [];
    await use(async (who) => {
      const { name, value } = await staffSession(who);
      const request = await playwright.request.newContext({
        baseURL,
        storageState: {
          cookies: [
            {
              name,
              value,
              domain: new URL(baseURL!).hostname,
              path: '/',
              expires: -1,
              httpOnly: true,
              secure: false,
              sameSite: 'Lax',
            },
          ],
          origins: [],
        },
      });
      made.push(request);
      return new Api(request);
    });
    for (const request of made) await request.dispose();
  },

  page: async ({ page, javaScriptEnabled }, use, testInfo) => {
    if (javaScriptEnabled) gotoWaitsForHydration(page);
    const printIfFailed = watchPage(page);
    await use(page);
    printIfFailed(testInfo);
  },
  chatGreeting: [false, { option: true }],
  returningVisitor: [
    async ({ page, chatGreeting }, use) => {
      if (!chatGreeting) await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), CHAT_VISITED_KEY);
      await use();
    },
    { auto: true },
  ],

  api: async ({ page }, use) => {
    await use(new Api(page.request));
  },

  // Its own time: waiting for the emailed link (up to one pass of the outbox's sender) is not the test's.
  customer: [
    async ({ api }, use) => {
      const customer = customerDetails();
      await signUpThroughEmail(api, customer);
      await use(customer);
    },
    { timeout: 20_000 },
  ],

  // The admin's session lives in its own request context: the page stays whoever it was.
  admin: async ({ staffApi }, use) => {
    await use(await staffApi('admin'));
  },

  makeDevice: async ({ admin }, use) => {
    await use(async ({ images = 0, ...fields } = {}) => {
      const body: DeviceForm = {
        brand: 'Nokia',
        model: `G42 ${uniqueId()}`,
        type: 'phone',
        condition: 'Good',
        storage: '128GB',
        ram: '6GB',
        price: 4999,
        quantity: 5,
        description: 'Made for this test.',
        ...fields,
        imageIds: fields.imageIds ?? (await storedImageIds(admin, images)),
      };
      return admin.expect<Device>(admin.post('/api/admin/devices', body), 201);
    });
  },
});

/** Ids of `count` distinct images the demo catalog stores. */
async function storedImageIds(api: Api, count: number): Promise<string[]> {
  if (count === 0) return [];
  const { items } = await api.expect<DeviceListReply>(api.get('/api/devices?pageSize=100'));
  const ids = [...new Set(items.flatMap((device) => device.images))].map((url) => url.replace('/images/', ''));
  expect(ids.length).toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

export { expect };
