/** The panel's states (spec 000 section 4): closed → open → minimised or expanded → closed. */
export type ChatMode = 'closed' | 'open' | 'minimised' | 'expanded';
