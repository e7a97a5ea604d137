/**
 * Where the Chat launcher docks on a phone: a slot in the header, beside the cart. A floating button
 * on a narrow screen would sit over the cards' and the device page's buttons.
 */
export const CHAT_DOCK_ID = 'chat-dock';
