import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Runs `close` on every navigation (a followed link, Back, Forward), during render rather than in an
 * effect so the old popup never paints over the new page.
 */
export function useCloseOnNavigation(close: () => void) {
  const { key } = useLocation();
  const [shownFor, setShownFor] = useState(key);
  if (shownFor !== key) {
    setShownFor(key);
    close();
  }
}

/**
 * While a header popup is open: Escape closes it, focus going back to its button when focus was
 * inside `within` (the popup and its button); a press or a Tab outside `within` closes it.
 */
export function useDismiss({
  open,
  within,
  close,
  button,
}: {
  open: boolean;
  within: RefObject<HTMLElement | null>;
  close: () => void;
  /** The button that opened the popup, asked for when Escape returns focus to it. */
  button: () => HTMLElement | null | undefined;
}) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const hadFocus = within.current?.contains(document.activeElement);
      close();
      if (hadFocus) button()?.focus();
    };
    const onOutside = (event: Event) => {
      if (!within.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open, within, close, button]);
}

/**
 * A header popup with one button (the account menu, the mobile menu): its open state, the ref for the
 * element holding button and popup, and `buttonProps`, the button's part: it toggles the popup
 * (`popupId`) and says whether it is open. Closed by the ways above.
 */
export function useHeaderPopup<Root extends HTMLElement>(popupId: string) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<Root>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const button = useCallback(() => buttonRef.current, []);
  useCloseOnNavigation(close);
  useDismiss({ open, within: rootRef, close, button });
  const buttonProps = {
    ref: buttonRef,
    type: 'button',
    'aria-expanded': open,
    'aria-controls': popupId,
    onClick: () => setOpen((value) => !value),
  } as const;
  return { open, setOpen, rootRef, buttonProps };
}
