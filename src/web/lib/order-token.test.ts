import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLinkToken, readOrderToken, saveOrderToken, takeTokenFromLink } from './order-token';

/** A browser's window as the order's tokens use it: its storage, the address bar and its history. */
function fakeWindow(hash = '') {
  const stored = new Map<string, string>();
  const location = { hash, pathname: '/order-confirmation/ORD-2026-000001', search: '' };
  return {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    location,
    history: { state: null, replaceState: () => (location.hash = '') },
  };
}

const ORDER = 'ORD-2026-000001';
const LINK_TOKEN = 'signed-link-token-0123456789';

describe("an order's kept token", () => {
  beforeEach(() => vi.stubGlobal('window', fakeWindow(`#token=${LINK_TOKEN}`)));
  afterEach(() => vi.unstubAllGlobals());

  it("is a link's token, for the guest's data requests, when it came from the emailed link", () => {
    takeTokenFromLink(ORDER);
    expect(readOrderToken(ORDER)).toBe(LINK_TOKEN);
    expect(readLinkToken(ORDER)).toBe(LINK_TOKEN);
  });

  it("is not, when it is the placing browser's own, even after a link was opened in it before", () => {
    saveOrderToken(ORDER, 'placing-browser-token-0123');
    expect(readLinkToken(ORDER)).toBeNull();
    takeTokenFromLink(ORDER);
    saveOrderToken(ORDER, 'placing-browser-token-0123');
    expect(readOrderToken(ORDER)).toBe('placing-browser-token-0123');
    expect(readLinkToken(ORDER)).toBeNull();
  });
});
