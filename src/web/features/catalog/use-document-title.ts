import { useEffect } from 'react';

/** Each storefront page names itself in the tab ('{device name} | QuickBuy'). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
