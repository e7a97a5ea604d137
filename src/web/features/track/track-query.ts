/** The cache key of a tracked number: the search fills it, an answer to an offer replaces it. */
export const trackQueryKey = (number: string) => ['track', number] as const;
