import { describe, expect, it } from 'vitest';
import { placeToasts, TOAST_BAND_PX } from './toast';

describe('placeToasts', () => {
  const viewportHeight = 740;
  const headerBottom = 100;

  it('keeps the toasts at the bottom when the control pressed is clear of their band', () => {
    const pressed = { bottom: viewportHeight - TOAST_BAND_PX };
    expect(placeToasts({ pressed, viewportHeight, headerBottom }).position).toBe('bottom-center');
    expect(placeToasts({ pressed: null, viewportHeight, headerBottom }).position).toBe('bottom-center');
  });

  it('moves them just under the header when the control pressed is in their band', () => {
    const pressed = { bottom: viewportHeight - TOAST_BAND_PX + 1 };
    expect(placeToasts({ pressed, viewportHeight, headerBottom })).toEqual({ position: 'top-center', top: 108 });
  });

  it('measures from the top of the window when the header is scrolled out of it', () => {
    expect(placeToasts({ pressed: null, viewportHeight, headerBottom: -20 }).top).toBe(8);
  });
});
