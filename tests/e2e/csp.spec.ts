import type { Locator, Page } from '@playwright/test';
import { paths } from '../../src/shared/paths';
import { expect, test } from './fixtures';

// The Content-Security-Policy allows no eval and no inline script but a server-rendered page's boot script, by
// its hash (a refused boot script would leave the page dead, and is a violation these stories see). Code
// that trips it may still work (the browser refuses, the code catches it), so nothing fails visibly: the
// browser reports a violation instead, which these stories watch for on the pages that build zod schemas
// (the forms of the storefront, /track, the back office).

/**
 * Watches every document the page opens for CSP violations, from before its first script runs, and returns
 * a check: open `path`, wait for `ready` and for the page's code and data, then expect none.
 */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  return async (path: string, ready: (page: Page) => Locator) => {
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations, path).toEqual([]);
  };
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

test('the server-rendered storefront pages come alive without a CSP violation', async ({ page, makeDevice }) => {
  const device = await makeDevice();
  const expectNoViolations = await watchViolations(page);
  await expectNoViolations(paths.home, heading('Shop Smarter Today!'));
  await expectNoViolations(paths.buy, heading('Buy Quality Devices'));
  await expectNoViolations(`/device/${device.id}`, heading(device.name));
});

test('the storefront forms and the track page load without a CSP violation', async ({ page }) => {
  const expectNoViolations = await watchViolations(page);
  await expectNoViolations(paths.sell, heading('Sell Your Device'));
  await expectNoViolations(paths.repairs, heading('Professional Repair Services'));
  await expectNoViolations(paths.contact, heading('Contact Us'));
  await expectNoViolations(paths.track, heading('Track Your Device'));
  await expectNoViolations(paths.trackNumber('TXN0000000000000000'), heading('Track Your Device'));
});

test('the agent and admin dashboards load without a CSP violation', async ({ page, signInAs }) => {
  const expectNoViolations = await watchViolations(page);
  await signInAs('agent');
  await expectNoViolations(paths.agentDashboard, heading(/^Welcome, /));
  await signInAs('admin');
  await expectNoViolations(paths.admin, heading(/Admin Dashboard/));
  await expectNoViolations(`${paths.admin}?tab=transactions`, (p) => p.getByRole('tabpanel'));
});
