import type { Page, TestInfo } from '@playwright/test';
import { PAGE_STATE_ID } from '../../src/web/app/hydration';

/**
 * The page is live once the app has hydrated the server's HTML (app/app.tsx marks it). A server-rendered
 * page shows its buttons before that; one pressed early is pressed again then (docs/decisions/036).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('quickbuy:ready').length > 0);
}

/**
 * `page.goto` to a server-rendered page returns once the app has hydrated it: the server's page starts its code
 * after its first paint (docs/decisions/036), so the 'load' event page.goto waits for can come before that.
 */
export function gotoWaitsForHydration(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const serverRendered = response?.ok() && (await response.text()).includes(`id="${PAGE_STATE_ID}"`);
    if (serverRendered) await hydrated(page);
    return response;
  };
}

/**
 * What the page said while a story ran (its console's errors and warnings, uncaught exceptions, requests that
 * failed), printed with the story's failure: the screenshot shows what the page looked like, this what it knew (a
 * part of the page whose code did not load, a request that never got an answer). Call the result after the story.
 */
export function watchPage(page: Page): (testInfo: TestInfo) => void {
  const started = Date.now();
  const said: string[] = [];
  const note = (line: string) => said.push(`${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`),
  );
  return (testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && said.length > 0) {
      console.log(`What the page said before the failure:\n${said.join('\n')}`);
    }
  };
}
