/**
 * What a timeline step without a time says, on every tracking view. A step still ahead reads 'Not
 * yet', never 'Pending': that is the name of an order's first status and of a payment's (decision 056).
 */
export const STEP_WORDS = { skipped: 'Skipped', upcoming: 'Not yet' } as const;
