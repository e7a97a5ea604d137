import { useSyncExternalStore } from 'react';

/**
 * Toasts without sonner in the first-load bundle: the library and its <Toaster> load on the first
 * toast. Every feature calls `toast.success(...)` etc. from here, never sonner directly.
 */
type Sonner = typeof import('sonner');
type Options = { description?: string; id?: string };

/**
 * Where the toasts sit, so they cover no fixed control: at the bottom centre by default (the header
 * is at the top, the Chat launcher at the bottom right or, on a phone, in the header), and just under
 * the header when the control the shopper pressed is in the bottom band they would cover.
 */
export type ToastPlace = { position: 'bottom-center' | 'top-center'; top: number };

/** The height a stack of toasts takes at the bottom: its offset, the front toast and the two behind it. */
export const TOAST_BAND_PX = 160;
const GAP_UNDER_HEADER_PX = 8;

export function placeToasts({
  pressed,
  viewportHeight,
  headerBottom,
}: {
  /** The pressed control's box in the viewport, or null when none is on the page. */
  pressed: { bottom: number } | null;
  viewportHeight: number;
  headerBottom: number;
}): ToastPlace {
  const inBottomBand = pressed !== null && pressed.bottom > viewportHeight - TOAST_BAND_PX;
  return {
    position: inBottomBand ? 'top-center' : 'bottom-center',
    top: Math.max(0, headerBottom) + GAP_UNDER_HEADER_PX,
  };
}

let requested = false;
let place: ToastPlace = { position: 'bottom-center', top: 0 };
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

// The last control pressed, by pointer or keyboard (both fire a click): its toast must not cover it.
let lastPressed: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      lastPressed = target?.closest('button, a, input, select, textarea, [role="button"]') ?? target;
    },
    true,
  );
}

/**
 * The lowest the sticky header's bottom edge comes in the window: where it is with the page at its top,
 * under what scrolls away above it (the banner). Toasts under it stay clear of it however the page scrolls.
 */
function headerLowestBottom(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  const above = header.previousElementSibling?.getBoundingClientRect().bottom;
  const naturalTop = above === undefined ? 0 : above + window.scrollY;
  return naturalTop + header.offsetHeight;
}

function placeForNextToast() {
  const next = placeToasts({
    pressed: lastPressed?.isConnected ? lastPressed.getBoundingClientRect() : null,
    viewportHeight: window.innerHeight,
    headerBottom: headerLowestBottom(),
  });
  if (next.position === place.position && next.top === place.top) return;
  place = next;
  notify();
}

let sonner: Promise<Sonner> | null = null;
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

async function ready(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    notify();
  }
  sonner ??= import('sonner');
  const library = await sonner;
  await mounted;
  return library;
}

/** Places the toasts for the control just pressed, then shows this one once sonner is on the page. */
function show(kind: 'success' | 'error' | 'info' | 'message', message: string, options?: Options) {
  placeForNextToast();
  void ready().then((s) => (kind === 'message' ? s.toast(message, options) : s.toast[kind](message, options)));
}

export const toast = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
  message: (message: string, options?: Options) => show('message', message, options),
};

/** True once something asked for a toast: the layout then mounts the lazy Toaster. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}

/** Where the Toaster sits; it moves, with the toasts already shown, before each new toast. */
export function useToastPlace(): ToastPlace {
  return useSyncExternalStore(
    subscribe,
    () => place,
    () => place,
  );
}

/** Called by the Toaster wrapper once it is on the page, so no early toast is lost. */
export function toasterMounted(): void {
  markMounted();
}
