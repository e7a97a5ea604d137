import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** The rule sets the store is held to: WCAG 2.1 A and AA, and axe's best practices (landmarks, heading order). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type Axe = typeof axe;

/**
 * axe-core's own `axe.run` in the page, its source put into each document (and frame) once, not before every
 * scan: @axe-core/playwright's AxeBuilder injects the 650 KB source each time and finishes each run in a new blank
 * page, most of a scan's second (docs/decisions/066). A frame that cannot be reached stays untested, as
 * under AxeBuilder's same-origin mode; the store's only frame is the contact page's map, from another origin.
 */
async function runAxe(page: Page): Promise<axe.Result[]> {
  for (const frame of page.frames()) {
    try {
      if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(axe.source);
    } catch {
      // a frame gone or closed to us
    }
  }
  return page.evaluate(
    // Violations only: axe then skips describing every element that passed, most of its time on a large page.
    async (tags) =>
      (
        await (window as unknown as { axe: Axe }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
      ).violations,
    AXE_TAGS,
  );
}

/**
 * Runs axe-core on the page as it stands (a route, an open menu, a dialog, a wizard step) and fails on any
 * violation, naming each rule, its impact and the first elements it found, so a failure says what to mend.
 * `state` names what was open, for the failure message.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // Colours are judged once what is fading in or out (a toast, a dialog) has finished: half-way, a text's colour
  // is half its background's. A toast mounted a frame later starts its transition then, so the page must stay
  // still for two frames in a row. Endless animations (a spinner) are left running.
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const fading = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            (animation.pending || animation.playState === 'running') &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    for (let stillFrames = 0; stillFrames < 2;) {
      await nextFrame();
      const running = fading();
      stillFrames = running.length === 0 ? stillFrames + 1 : 0;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  const violations = await runAxe(page);
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
