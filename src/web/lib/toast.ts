import { useSyncExternalStore } from 'react';

/**
 * Toasts without sonner in the first-load bundle: the library and its <Toaster> load on the first
 * toast. Every feature calls `toast.success(...)` etc. from here, never sonner directly.
 */
type Sonner = typeof import('sonner');
type Options = { description?: string; id?: string };

let requested = false;
let sonner: Promise<Sonner> | null = null;
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<() => void>();

async function ready(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  sonner ??= import('sonner');
  const library = await sonner;
  await mounted;
  return library;
}

export const toast = {
  success: (message: string, options?: Options) => void ready().then((s) => s.toast.success(message, options)),
  error: (message: string, options?: Options) => void ready().then((s) => s.toast.error(message, options)),
  info: (message: string, options?: Options) => void ready().then((s) => s.toast.info(message, options)),
  message: (message: string, options?: Options) => void ready().then((s) => s.toast(message, options)),
};

/** True once something asked for a toast: the layout then mounts the lazy Toaster. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}

/** Called by the Toaster wrapper once it is on the page, so no early toast is lost. */
export function toasterMounted(): void {
  markMounted();
}
