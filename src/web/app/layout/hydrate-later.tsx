import { lazy, Suspense, useEffect, useRef, type ComponentType, type RefObject } from 'react';

/**
 * Parts of the frame that a visitor reads before using (the footer, the FOLLOW US bar, the header's menus,
 * the cart badge, which counts browser storage) come with the server's HTML and get their code once the page is live:
 * their chunk loads when the browser is next idle, or at the first key or pointer press, and React
 * hydrates them then. Until that moment their links are plain links, and a button pressed (clicked, or
 * ArrowDown on a menu button) is pressed again once its code is there. This keeps them out of the first load (docs/decisions/034).
 */
let released: () => void = () => undefined;
const live = new Promise<void>((resolve) => (released = resolve));
let waiting: Promise<void> | undefined;

function idleOrInput(): Promise<void> {
  return new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const done = () => {
      events.forEach((name) => window.removeEventListener(name, done, true));
      resolve();
    };
    events.forEach((name) => window.addEventListener(name, done, { capture: true, passive: true }));
    // Safari has no requestIdleCallback: half a second after the page went live stands in for it.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: 2_000 });
    else setTimeout(done, 500);
  });
}

/** The parts whose code has come, and a press on a button in a part before that (made again after). */
const hydrated = new WeakSet<Element>();
const pressedEarly = new WeakMap<Element, () => void>();

/**
 * A click, or an ArrowDown (which opens a header menu), on a button of a part whose code has not come:
 * held, and made again once the part is live.
 */
function holdEarlyPress(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  const part = target?.closest('[data-hydrate-later]');
  const button = target?.closest('button');
  if (!part || !button || hydrated.has(part)) return;
  if (event instanceof KeyboardEvent && event.key !== 'ArrowDown') return;
  event.preventDefault();
  event.stopPropagation();
  const key = event instanceof KeyboardEvent ? event.key : null;
  pressedEarly.set(part, () =>
    key ? button.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })) : button.click(),
  );
}

if (typeof document !== 'undefined') {
  document.addEventListener('click', holdEarlyPress, true);
  document.addEventListener('keydown', holdEarlyPress, true);
}

/** Called by the frame once it is live (hydrated, or rendered by the browser). */
export function frameIsLive() {
  released();
}

/** `load`'s component, rendered at once on the server and hydrated later in the browser. */
export function hydrateLater(load: () => Promise<ComponentType>): ComponentType {
  const Part = lazy(async () => {
    if (typeof window !== 'undefined') await (waiting ??= live.then(idleOrInput));
    // Code that cannot be had leaves the part as the server drew it (plain links work without it): a boundary
    // that never resolves keeps its server HTML, where rendering nothing would remove it (decision 094).
    const Component = await load().catch((error: unknown) => {
      console.warn('Left a part of the page as the server drew it: its code did not load', error);
      return new Promise<never>(() => undefined);
    });
    return {
      default: function Hydrated({ part }: { part: RefObject<HTMLDivElement | null> }) {
        useEffect(() => {
          if (!part.current) return;
          hydrated.add(part.current);
          pressedEarly.get(part.current)?.();
        }, [part]);
        return <Component />;
      },
    };
  });
  return function Later() {
    const part = useRef<HTMLDivElement>(null);
    return (
      // `contents`: the wrapper draws no box, its child lays out as if it were not there.
      <div ref={part} data-hydrate-later="" className="contents">
        <Suspense fallback={null}>
          <Part part={part} />
        </Suspense>
      </div>
    );
  };
}
