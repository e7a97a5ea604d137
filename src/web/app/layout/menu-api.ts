import { useState } from 'react';
import type { CatalogMenuReply } from '../../../shared/catalog';
import { api } from '../../lib/api';
import { useSettled } from '../../lib/use-settled';

/** How long the menu's featured devices and laptop count stand before the menu asks again. */
const MENU_FRESH_MS = 5 * 60_000;
let menuRead: { at: number; reply: Promise<CatalogMenuReply> } | undefined;

/** The menu's reply, read again once it is older than MENU_FRESH_MS; a failed read is asked again next time. */
function readMenu(): Promise<CatalogMenuReply> {
  if (!menuRead || Date.now() - menuRead.at > MENU_FRESH_MS) {
    const reply = api.get<CatalogMenuReply>('/api/catalog/menu');
    menuRead = { at: Date.now(), reply };
    reply.catch(() => {
      if (menuRead?.reply === reply) menuRead = undefined;
    });
  }
  return menuRead.reply;
}

/** The Shop menu's live part, asked for the first time the menu opens (not on every page load). */
export function useCatalogMenu() {
  const [reply] = useState(readMenu);
  return useSettled(reply);
}
