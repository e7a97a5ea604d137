import { useEffect, type CSSProperties, type FocusEvent } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOASTS } from '../../shared/store';
import { toasterMounted, useToastPlace } from '../lib/toast';

/** Sonner's rich colours, their text darkened to read at 4.5:1 or more on their tinted backgrounds (WCAG AA). */
const READABLE_COLOURS = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as CSSProperties;

/**
 * The highest z-index there is: a toast said while the payment provider's overlay is open ('Payment in
 * progress...', on Back) is drawn over it, not under it (Sonner's own is below the provider's).
 */
const ABOVE_PAYMENT_OVERLAY = { zIndex: 2_147_483_647 } as CSSProperties;

/**
 * Sonner remembers where the focus came from when it enters the toasts and sends it back there when it leaves: made
 * for its hotkey, which focuses the list of toasts and jumps back. Reached with Tab as the page's last stop, that kept
 * a keyboard user going round between the control before the toasts (or the toast itself) and the toast for as long
 * as the toast lived. A toast reached from the page is a stop like any other, so Sonner does not hear of the focus
 * landing on a toast, and it goes on from there in the page's order; the hotkey's focus on the list it still hears.
 */
function keepToastsInThePageOrder(event: FocusEvent<HTMLDivElement>) {
  if (event.target instanceof HTMLElement && event.target.closest('[data-sonner-toast]')) event.stopPropagation();
}

/**
 * Loaded on the first toast (lib/toast.ts). The spec's numbers: 3 visible, 4 seconds. Where it sits
 * (bottom centre, or under the header when the pressed control is at the bottom) lib/toast.ts decides.
 */
export default function Toaster() {
  const { position, top } = useToastPlace();
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    <div onFocusCapture={keepToastsInThePageOrder}>
      <SonnerToaster
        visibleToasts={TOASTS.visible}
        duration={TOASTS.durationMs}
        position={position}
        offset={{ top }}
        mobileOffset={{ top }}
        richColors
        closeButton
        style={{ ...READABLE_COLOURS, ...ABOVE_PAYMENT_OVERLAY }}
      />
    </div>
  );
}
