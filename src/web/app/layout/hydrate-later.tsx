import { lazy, Suspense, type ComponentType } from 'react';

/**
 * Parts of the frame that a visitor reads before using (the footer, the FOLLOW US bar, the cart
 * badge, which counts browser storage) come with the server's HTML and get their code once the page is live: their chunk loads when the browser is next
 * idle, or at the first key or pointer press, and React hydrates them then. Until that moment their
 * links are plain links. This keeps them out of the first load (docs/decisions/034).
 */
let released: () => void = () => undefined;
const live = new Promise<void>((resolve) => (released = resolve));

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

let waiting: Promise<void> | undefined;

/** Called by the frame once it is live (hydrated, or rendered by the browser). */
export function frameIsLive() {
  released();
}

/** `load`'s component, rendered at once on the server and hydrated later in the browser. */
export function hydrateLater(load: () => Promise<ComponentType>): ComponentType {
  const Part = lazy(async () => {
    if (typeof window !== 'undefined') await (waiting ??= live.then(idleOrInput));
    return { default: await load() };
  });
  return function Later() {
    return (
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    );
  };
}
