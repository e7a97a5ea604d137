// The types of _search-mix.mjs, for the TypeScript helper that imports it.
export declare const SEARCH_MIX: string[];
export declare const SUGGESTION_MIX: string[];
export declare const FILTERED_SEARCH: Record<string, string>;
