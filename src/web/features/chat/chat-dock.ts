import { paths } from '../../../shared/paths';
import { CHAT } from '../../../shared/store';

/**
 * Where the Chat launcher docks on a phone: a slot in the header, beside the cart. A floating button
 * on a narrow screen would sit over the cards' and the device page's buttons.
 */
export const CHAT_DOCK_ID = 'chat-dock';

/** Tailwind's lg: from here the cart and checkout put their summary in a column beside the form. */
const SUMMARY_COLUMN_PX = 1024;

/**
 * The width from which the launcher floats in the corner on `pathname`. The cart and checkout keep it docked
 * until their summary has a column of its own: stacked under the form, the totals pass under the corner.
 */
export function chatFloatsFromPx(pathname: string): number {
  return pathname === paths.cart ? SUMMARY_COLUMN_PX : CHAT.mobileBreakpointPx;
}
