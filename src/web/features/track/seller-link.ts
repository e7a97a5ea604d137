import { STORE } from '../../../shared/store';

/**
 * The seller's emailed link brings its token in the fragment (#token=...&answer=accept), which never
 * reaches a server. The page keeps the token for this tab (sessionStorage, by transaction number) so
 * a later action on the same page (changing the payout) still has it, and takes it out of the address
 * bar, so it is not bookmarked, shared or shown over someone's shoulder.
 */
const key = (number: string) => `${STORE.storageKey}_trade_in_link:${number}`;

export interface SellerLink {
  token: string;
  /** The action the link opens: accept, decline or payout. */
  answer: string | null;
}

/** The link the page was opened with, or the one kept for this tab. Reads only. */
export function readSellerLink(number: string): SellerLink {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token');
  if (token) return { token, answer: fragment.get('answer') };
  try {
    return { token: window.sessionStorage.getItem(key(number)) ?? '', answer: null };
  } catch {
    return { token: '', answer: null };
  }
}

/** Keeps the link's token for this tab and takes it out of the address bar. */
export function keepSellerLink(number: string, { token }: SellerLink): void {
  if (!token) return;
  try {
    window.sessionStorage.setItem(key(number), token);
  } catch {
    // Private mode: the token lives as long as the page, and the email's link opens it again.
  }
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
}
