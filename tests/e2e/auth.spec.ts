import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  customerDetails,
  E2E_ADMIN as ADMIN,
  E2E_AGENT as AGENT,
  E2E_STAFF,
  enterAuthenticatorCode,
  expect,
  emailedLink,
  fillSignUpForm,
  followSignUpLink,
  test,
  uniqueId,
} from './fixtures';
import { totpCode, totpStep } from '../../src/server/modules/accounts/totp';
import { nextCode } from './authenticator';

const uniqueEmail = () => `e2e.${uniqueId()}@example.co.za`;

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First Name').fill('Naledi');
  await page.getByLabel('Last Name').fill('Dlamini');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+27 82 555 1234');
  await page.getByLabel('ID Type').selectOption('passport');
  await expect(page.getByLabel('Passport Number')).toHaveAttribute('placeholder', 'Passport number');
  await page.getByLabel('Passport Number').fill('A1234567');
  await page.getByLabel('City').fill('Cape Town');
  await page.getByLabel('Province').selectOption('Western Cape');
  await page.getByLabel('Postal Code').fill('8001');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

const CHECK_EMAIL = 'Check your email to finish creating your account';

test('a shopper signs up, follows the emailed link, signs out, signs in again and changes the password', async ({
  page,
}) => {
  test.slow(); // a whole account's story, and a wait for the emailed link (the outbox sends every 5 seconds)
  const email = uniqueEmail();
  await signUp(page, email, 'Table-bay-2026');
  await expect(page.getByRole('status').filter({ hasText: CHECK_EMAIL })).toBeVisible();
  await followSignUpLink(page, email, 'Table-bay-2026');
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page.getByText('Welcome, Naledi')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(/^Name/)).toHaveValue('Naledi Dlamini');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Please Login' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Table-bay-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByText('Welcome back, Naledi')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await page.getByLabel('Current Password').fill('Table-bay-2026');
  await page.getByLabel(/^New Password/).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long').first()).toBeVisible();

  await page.getByLabel(/^New Password/).fill('Lions-head-2026');
  await page.getByLabel('Confirm New Password').fill('Lions-head-2027');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('New passwords do not match').first()).toBeVisible();

  await page.getByLabel('Confirm New Password').fill('Lions-head-2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();

  // The new password works from a fresh browser context.
  const status = await page.request.post('/api/auth/signin', {
    headers: { 'x-quickbuy-request': '1' },
    data: { email, password: 'Lions-head-2026' },
  });
  expect(status.status()).toBe(200);
});

test('signing in before opening the sign-up link says to open it, in the same words as for an unknown email', async ({
  page,
}) => {
  const email = uniqueEmail();
  await signUp(page, email, 'Table-bay-2026');
  await expect(page.getByRole('status').filter({ hasText: CHECK_EMAIL })).toBeVisible();

  const signInAs = async (who: string) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(who);
    await page.getByLabel('Password').fill('Table-bay-2026');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    return page.getByRole('status').filter({ hasText: 'Signed up a moment ago?' }).textContent();
  };
  const pending = await signInAs(email);
  expect(pending).toBe(
    'Signed up a moment ago? Your account is made when you open the link we emailed you: open it first, then sign in.',
  );
  expect(await signInAs(uniqueEmail())).toBe(pending);
});

test('the standalone /signup and /login pages really sign up and sign in; the emailed link works once', async ({
  page,
}) => {
  test.slow(); // waits for the emailed link (the outbox sends every 5 seconds)
  const email = uniqueEmail();
  await page.goto('/signup');
  await fillSignUpForm(
    page,
    customerDetails({
      firstName: 'Pieter',
      lastName: 'Botha',
      email,
      city: 'Pretoria',
      province: 'Gauteng',
      postalCode: '0002',
      password: 'Union-buildings-1',
      confirmPassword: 'Union-buildings-2',
    }),
  );
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await page.getByLabel('Confirm Password').fill('Union-buildings-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECK_EMAIL })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  // The link asks for the password twice, and two that differ are refused under the second.
  const link = await emailedLink(email, '/signup');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Finish signing up' })).toBeVisible();
  await page.getByLabel(/^Password/).fill('Union-buildings-1');
  await page.getByLabel('Confirm Password').fill('Union-buildings-2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
  await page.getByLabel('Confirm Password').fill('Union-buildings-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Used once, the link makes nothing more.
  await page.goto(link);
  await page.getByLabel(/^Password/).fill('Union-buildings-1');
  await page.getByLabel('Confirm Password').fill('Union-buildings-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This sign-up link is invalid or has expired. Please sign up again.' }),
  ).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Union-buildings-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Welcome back, Pieter')).toBeVisible();
});

test('an agent signs in on the Agent tab with their password and the code from their app', async ({ page }) => {
  await page.goto('/agent-login');
  await expect(page.getByRole('tab', { name: 'Agent' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/auth');
  await page.getByLabel('Username').fill(AGENT.username);
  await page.getByLabel('Password').fill(AGENT.password);
  await page.getByRole('button', { name: 'Sign In as Agent' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your authentication code' })).toBeVisible();
  // Nothing of the agent's is open yet: the password alone is a session for this step only.
  expect((await page.request.get('/api/agent/summary')).status()).toBe(401);
  const code = page.getByLabel(/^Authentication code/);
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(code).toHaveAccessibleDescription(
    /That code is not right\. Check your authenticator app and try again\.|That code was already used/,
  );
  await enterAuthenticatorCode(page, AGENT.username, AGENT.secret);
  await expect(page.getByText(`Welcome back, ${AGENT.name}!`)).toBeVisible();
  await expect(page).toHaveURL(/\/agent-dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${AGENT.name}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue(AGENT.name);
});

test('the admin signs in on the Admin tab and reaches /admin', async ({ page }) => {
  await page.goto('/agent-login');
  await page.getByRole('tab', { name: 'Admin' }).click();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('Wrong-pass-2026');
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid admin credentials. Please check your email and password.' }),
  ).toBeVisible();
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();
  await enterAuthenticatorCode(page, ADMIN.email, ADMIN.secret);
  await expect(page.getByText('Welcome to the Admin Portal!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard - Manage your platform' })).toBeVisible();
});

test('a new admin signs in with a password, sets up an authenticator app, saves the recovery codes and reaches the dashboard', async ({
  page,
  context,
}) => {
  const { email, password } = E2E_STAFF.enrolAdmin;
  await page.goto('/agent-login');
  await page.getByRole('tab', { name: 'Admin' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();

  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  // Until the first code, /admin is the portal's step again, not the dashboard.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/agent-login$/);
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = await page.getByLabel('Setup key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
  const shown = await codes.allTextContents();
  // A reload shows the same setup: the app scanned before it still fits.
  await page.reload();
  await expect(page.getByLabel('Setup key')).toHaveValue(secret);
  await expect(codes).toHaveText(shown);

  // The codes copied and downloaded as they are shown, one a line.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expect(page.getByText('Recovery codes copied')).toBeVisible();
  const saved = `QuickBuy recovery codes (each works once)\n\n${shown.join('\n')}\n`;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(saved);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download codes' }).click();
  expect((await download).suggestedFilename()).toBe('quickbuy-recovery-codes.txt');
  expect(readFileSync((await (await download).path())!, 'utf8')).toBe(saved);

  const code = page.getByLabel(/^Code from the app/);
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  // A code that is not this setup's says what usually went wrong.
  await page.getByLabel('I saved these recovery codes').check();
  await code.fill(totpCode('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', totpStep(new Date())));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(code).toHaveAccessibleDescription(
    "That code does not match this setup. Use the QuickBuy entry you added from this page's QR code (remove any older one), and check that your phone sets its time automatically.",
  );
  await page.getByLabel('I saved these recovery codes').uncheck();
  await code.fill(await nextCode(email, secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByText('Confirm that you saved your recovery codes')).toBeVisible();
  await page.getByLabel('I saved these recovery codes').check();
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByText('Welcome to the Admin Portal!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard - Manage your platform' })).toBeVisible();
});

test('a shopper cannot reach /admin and sees the agent message on /agent-dashboard', async ({ page, customer }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue(`${customer.firstName} ${customer.lastName}`);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/agent-login$/);
  await page.goto('/agent-dashboard');
  await expect(page.getByText('Please log in as an agent to access the dashboard.')).toBeVisible();
});

test('an anonymous visitor is sent from /admin to the portal login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/agent-login$/);
  await expect(page.getByRole('tab', { name: 'Agent' })).toBeVisible();
});
