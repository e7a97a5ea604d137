import { jsonForScript } from '../../shared/script-json';
import { READY_MARK } from './hydration';

/** The longest the code waits for the stylesheet and the image (a stalled image must not keep the page dead). */
export const BOOT_WAIT_CAP_MS = 3_000;

/**
 * The body of the inline script (the reply's policy allows it by its hash) that starts a server-rendered page's code
 * (docs/decisions/036). The page is whole without JavaScript, so its code waits until the stylesheet is in,
 * the page's priority image (the largest thing it shows) has arrived, and a frame has been painted: on a slow
 * link the ~100 KB of code then never shares the line with what the shopper is looking at, and hydration
 * never holds up the first paint. Then the page's chunks are preloaded beside the entry, as the tags the
 * server wrote before did. Waiting is capped, and skipped in a hidden tab (no frames are painted there).
 *
 * A button pressed before the page is live would do nothing (its handler is not attached yet): it is held
 * and pressed again once the app has hydrated (it sets READY_MARK), in order. Links are left alone: they work as
 * links. After that moment the parts that hydrate later hold their own buttons (hydrate-later.tsx).
 *
 * Text typed before that moment stays in its box, but the app hydrates with the value it rendered and never
 * hears of it (/buy's search would never run). So each field typed in is noted, and once live its text is
 * typed again: React's value tracker (an own `value` property on the field) is set to '' and the text put back
 * through the prototype's setter, so the input event that follows reads as a change.
 */
export function bootScript({ entry, preload }: { entry: string; preload: string[] }): string {
  return `(() => {
  const pressed = [];
  const hold = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pressed.push(button);
  };
  document.addEventListener('click', hold, true);
  const typed = new Set();
  const note = (event) => event.target instanceof Element && 'value' in event.target && typed.add(event.target);
  document.addEventListener('input', note, true);
  const typeAgain = (field) => {
    const text = field.value;
    field.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  // The app's mark, not an event of its own: the entry's bytes are spent (docs/decisions/034). A test's fake
  // clock records no marks: such a clock goes on once the page is live.
  new PerformanceObserver((marks, observer) => {
    if (!marks.getEntriesByName(${jsonForScript(READY_MARK)}).length) return;
    observer.disconnect();
    document.removeEventListener('click', hold, true);
    document.removeEventListener('input', note, true);
    typed.forEach((field) => field.isConnected && typeAgain(field));
    pressed.splice(0).forEach((button) => button.isConnected && button.click());
  }).observe({ type: 'mark' });
  const start = () => {
    for (const href of ${jsonForScript(preload)}) {
      const link = document.createElement('link');
      Object.assign(link, { rel: 'modulepreload', crossOrigin: '', href });
      document.head.append(link);
    }
    const script = document.createElement('script');
    Object.assign(script, { type: 'module', crossOrigin: '', src: ${jsonForScript(entry)} });
    document.head.append(script);
  };
  const arrived = (element, done) =>
    done ? null : new Promise((resolve) => ['load', 'error'].forEach((name) => element.addEventListener(name, resolve, { once: true })));
  const image = document.querySelector('img[fetchpriority="high"]');
  const waits = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => arrived(link, link.sheet));
  if (image) waits.push(arrived(image, image.complete));
  const painted = () => new Promise((resolve) => (document.hidden ? resolve() : requestAnimationFrame(() => setTimeout(resolve))));
  const capped = new Promise((resolve) => setTimeout(resolve, ${BOOT_WAIT_CAP_MS}));
  Promise.race([Promise.all(waits).then(painted), capped]).then(start);
})();`;
}
