// The search bench's queries (the leading _ keeps scripts/bench.mjs from running it alone): what shoppers type
// over the 100,000-device catalog the bench seeds from the demo models, one, two and three words, typos,
// prefixes of a word being typed, and searches that find nothing. Shared by bench/search-bench.mjs (over HTTP)
// and bench/_search-queries.ts (the queries themselves, beside the spec's substring search).
export const SEARCH_MIX = [
  // one word
  'iphone',
  'galaxy',
  'macbook',
  'thinkpad',
  'chromebook',
  'laptop',
  'tv',
  'headphones',
  'ssd',
  // two words
  'samsung galaxy',
  'apple iphone',
  'dell latitude',
  'hp elitebook',
  'lenovo thinkpad',
  'huawei matepad',
  'cisco catalyst',
  'nvidia rtx',
  'ipad air',
  // three words
  'iphone 14 pro',
  'galaxy s23 ultra',
  'macbook air m1',
  'dell xps 13',
  'iphone 13 128gb',
  'samsung galaxy tab',
  // typos
  'samsng',
  'iphnoe',
  'macbok',
  'huawie',
  'thinkpda',
  'elitbook',
  'cromebook',
  // prefixes of a word being typed
  'gal',
  'mac',
  'airpod',
  'lat',
  'rtx 30',
  // nothing found
  'playstation',
  'zebra phone',
  'iphone 99',
  'nokia lumia',
];

/** What the header box asks as these are typed: the first few letters of each. */
export const SUGGESTION_MIX = SEARCH_MIX.map((q) => q.slice(0, Math.max(2, Math.min(q.length, 5))));

/** A search with filters and a later page: a word, a category, a price band, page 3. */
export const FILTERED_SEARCH = { q: 'laptop', category: 'laptop', price: '10k-20k', page: '3' };
