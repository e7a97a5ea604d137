import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rule sets the store is held to: WCAG 2.1 A and AA, and axe's best practices (landmarks, heading order). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core on the page as it stands (a route, an open menu, a dialog, a wizard step) and fails on any
 * violation, naming each rule, its impact and the first elements it found, so a failure says what to mend.
 * `state` names what was open, for the failure message.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // Colours are judged once what is fading in (a toast, a dialog) has finished: half-way, a text's colour is
  // half its background's. Endless animations (a spinner) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Violations only: axe then skips describing every element that passed, most of its time on a large page.
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 3)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
        .join('\n'),
  );
  expect(found, `axe on ${state} at ${page.viewportSize()?.width ?? '?'} px`).toEqual([]);
}
