import type { ReactNode } from 'react';

/**
 * A list's rows as cards, for a list component's `children` (PagedResults, the admin's ListTab, the agent's
 * WorkPanel): one `<ul className>`, one card (a keyed `<li>`) per item.
 */
export function cardList<T>(className: string, card: (item: T) => ReactNode) {
  return (items: T[]) => <ul className={className}>{items.map(card)}</ul>;
}
