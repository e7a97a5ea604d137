import { useEffect, useRef } from 'react';

/**
 * Focus for a view that takes another's place without a page load (a checkout step, a form's success): its
 * heading takes focus and the top of the window, so keyboard and screen-reader users start there and nobody
 * is left looking at where the old view was scrolled (at 375 px that can be the footer). The element wants
 * tabIndex={-1} and a scroll margin as tall as the sticky header (`scroll-mt-32`).
 *
 * Runs when the element appears and whenever `view` changes; with `skipFirst`, not on the component's first
 * render, which is the page's own arrival and keeps the router's focus on the main landmark.
 */
export function useViewFocus<T extends HTMLElement>(view: unknown, { skipFirst }: { skipFirst: boolean }) {
  const ref = useRef<T>(null);
  const first = useRef(skipFirst);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'start' });
  }, [view]);
  return ref;
}
