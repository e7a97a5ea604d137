import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

// The accessibility specs trust tests/e2e/axe.ts, which runs axe-core itself: it must find what axe finds.

const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Axe check</title></head><body><main><h1>Axe check</h1>${body}</main></body></html>`;

test('the axe check passes a clean page and fails one with a violation, naming the rule', async ({ page }) => {
  await page.setContent(PAGE('<p>Nothing wrong here.</p>'));
  await expectNoAxeViolations(page, 'a clean page');
  // The same document again, axe already in it, now with an image that has no text alternative.
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')!.append(image);
  });
  await expect(expectNoAxeViolations(page, 'an image without alt')).rejects.toThrow(/image-alt \(critical\)/);
  // A new document gets axe again.
  await page.setContent(PAGE('<button></button>'));
  await expect(expectNoAxeViolations(page, 'a button without a name')).rejects.toThrow(/button-name \(critical\)/);
});
