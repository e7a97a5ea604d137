import { E2E_ADMIN, expect, test } from './fixtures';

test.beforeEach(async ({ api }) => {
  await api.expect(api.post('/api/auth/admin/signin', E2E_ADMIN));
});

test('the admin dashboard keeps its tab in the URL through reload and Back', async ({ page }) => {
  await page.goto('/admin?tab=devices');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard - Manage your platform' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Overview',
    'Transactions',
    'Orders',
    'Agents',
    'Devices',
    'Paystack',
    'Outbox',
    'Audit log',
  ]);
  await expect(tabs.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Paystack' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=paystack$/);
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Paystack' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\?tab=devices$/);
  await expect(tabs.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
});
