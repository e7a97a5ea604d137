/**
 * The store's search vocabulary: how a shopper's words are read, which typos are forgiven, and the
 * store's own synonyms (docs/decisions/071). The server matches devices with these rules; the
 * judged query set in tests/ holds them to what shoppers expect. No I/O here: the device side of the
 * same rules is SQL in the search migration (`quickbuy_search_words`), and the two must agree.
 */

/** A query longer than this is refused (the listing's `q`): it is what one search may cost. */
export const SEARCH_MAX_LENGTH = 100;
/** Words of a query beyond these are ignored: each word is one more condition on every device. */
export const SEARCH_MAX_WORDS = 8;
/** Typo candidates kept per word (nearest first): a short word could otherwise fan out into many. */
export const SEARCH_MAX_TYPOS_PER_WORD = 12;
/** Suggestions the header box shows as the shopper types. */
export const SUGGESTION_DEVICES = 6;
/** Characters typed before the header box suggests anything. */
export const SUGGEST_AFTER_CHARACTERS = 2;

/** Units a number is written with: "256 gb" and "256GB" are one word, "256gb", on both sides. */
const UNITS = ['gb', 'tb', 'mb'] as const;

/**
 * Words a query may hold that say nothing about which device: dropped, unless nothing else is left
 * ("with" alone is still searched for).
 */
const FILLER_WORDS = new Set(['a', 'an', 'and', 'the', 'with', 'for', 'of', 'in', 'on', 'or', 'ram']);

/**
 * The store's own words: a query word on the left also finds devices holding every word of one of
 * the lists on the right ("macbook" finds an Apple laptop). Written for this catalog and kept with it
 * (search.test.ts); a match through a synonym ranks as a match of the word itself.
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  galaxy: [['samsung']],
  macbook: [['apple', 'laptop']],
  ipad: [['apple', 'tablet']],
  iphone: [['apple', 'phone']],
  airpods: [['apple', 'earbuds']],
  earbuds: [['airpods'], ['headphones']],
  earphones: [['airpods'], ['headphones']],
  headset: [['headphones']],
  pc: [['desktop']],
  computer: [['desktop'], ['laptop']],
  tv: [['television']],
  television: [['tv']],
  notebook: [['laptop']],
  mobile: [['phone']],
  cellphone: [['phone']],
  smartphone: [['phone']],
  cell: [['phone']],
  graphics: [['geforce']],
  gpu: [['geforce']],
  cpu: [['ryzen'], ['core']],
  processor: [['ryzen'], ['core']],
  memory: [['ddr4'], ['ddr5']],
  mouse: [['mx', 'master']],
};

/**
 * The words of `text` as the search reads them, on the query's side: lower case, accents dropped,
 * split on anything but letters a-z and digits, a number followed by a unit joined to it ("256 GB"
 * is "256gb"). The device's side does the same in SQL (`quickbuy_search_words`).
 */
export function searchWords(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const words = plain.split(/[^a-z0-9]+/).filter(Boolean);
  const joined: string[] = [];
  for (const word of words) {
    const last = joined[joined.length - 1];
    if (last !== undefined && /[0-9]$/.test(last) && (UNITS as readonly string[]).includes(word)) {
      joined[joined.length - 1] = last + word;
    } else joined.push(word);
  }
  return joined;
}

/** A query as the search runs it: its words (fillers out, repeats once, at most SEARCH_MAX_WORDS). */
export function queryWords(q: string): string[] {
  const words = [...new Set(searchWords(q))];
  const meaningful = words.filter((word) => !FILLER_WORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, SEARCH_MAX_WORDS);
}

/**
 * The query's key in the catalog read cache: two spellings that search the same (case, spacing) share
 * one entry. The substring part of the search reads the same key, so both answer the same.
 */
export function normalisedQuery(q: string): string {
  return q.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A word holding a digit is a model number or a size: matched as written, never as a typo ("s21" is not "s22"). */
export const hasDigit = (word: string) => /[0-9]/.test(word);

/**
 * How many typos a word forgives, as Meilisearch does by default: one in a word of 5 to 8 letters, two
 * from 9, none in shorter words or in any word with a digit.
 */
export function typoBudget(word: string): number {
  if (hasDigit(word)) return 0;
  if (word.length >= 9) return 2;
  if (word.length >= 5) return 1;
  return 0;
}

/**
 * The optimal string alignment distance of `a` and `b` (Damerau-Levenshtein where no part is edited
 * twice): insertions, deletions, substitutions and transpositions of neighbours each cost one. Gives
 * up past `max`, returning max + 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** The singular a plural most likely stands for ("laptops", "accessories", "switches"), or null. */
export function singularOf(word: string): string | null {
  if (hasDigit(word) || word.length < 4) return null;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return null;
}

/** How one query word may be matched: the word itself (or a word it starts), its typos, its synonyms. */
export interface WordMatch {
  word: string;
  /** Whether a device word that starts with this one counts (the shopper may still be typing it). */
  prefix: boolean;
  /** Words matched whole, as exactly as the word itself: its singular. */
  exact: string[];
  /** Catalog words within the word's typo budget, nearest first. */
  typos: string[];
  /** Lists of words a device must all hold to match through a synonym. */
  synonyms: string[][];
}

/**
 * The catalog's words, grouped by length so a typo's candidates are the words within its budget of
 * its length only.
 */
export interface Vocabulary {
  terms: ReadonlySet<string>;
  byLength: Map<number, string[]>;
}

export function vocabularyOf(terms: Iterable<string>): Vocabulary {
  const set = new Set(terms);
  const byLength = new Map<number, string[]>();
  for (const term of set) {
    const list = byLength.get(term.length) ?? [];
    list.push(term);
    byLength.set(term.length, list);
  }
  return { terms: set, byLength };
}

/** Catalog words within `budget` edits of `word` (not the word itself), nearest first, then alphabetical. */
export function nearestTerms(vocabulary: Vocabulary, word: string, budget: number, limit: number): string[] {
  if (budget <= 0) return [];
  const found: Array<[string, number]> = [];
  for (let length = word.length - budget; length <= word.length + budget; length++) {
    for (const term of vocabulary.byLength.get(length) ?? []) {
      if (term === word || hasDigit(term)) continue;
      const distance = editDistance(word, term, budget);
      if (distance <= budget) found.push([term, distance]);
    }
  }
  found.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return found.slice(0, limit).map(([term]) => term);
}

/**
 * The typos of a word still being typed: catalog words whose start is within the budget of the word
 * ("macbo" starts "macbook" exactly; "mcboo" with one typo). Only for the last word.
 */
function prefixTypos(vocabulary: Vocabulary, word: string, budget: number, limit: number): string[] {
  if (budget <= 0) return [];
  const found: Array<[string, number]> = [];
  for (const [length, terms] of vocabulary.byLength) {
    if (length <= word.length) continue;
    for (const term of terms) {
      if (hasDigit(term) || term.startsWith(word)) continue;
      // The typed part may be a letter shorter or longer than the start it stands for.
      let distance = budget + 1;
      for (let end = word.length - budget; end <= Math.min(length - 1, word.length + budget); end++) {
        if (end > 0) distance = Math.min(distance, editDistance(word, term.slice(0, end), budget));
      }
      if (distance <= budget) found.push([term, distance]);
    }
  }
  found.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return found.slice(0, limit).map(([term]) => term);
}

/**
 * Every way each query word may be matched. A word may be the start of a longer one (a shopper types
 * "airpod", "gal"); digits are not fuzzed; the last word's start forgives typos too (it is still
 * being typed).
 */
export function matchesOf(words: string[], vocabulary: Vocabulary): WordMatch[] {
  return words.map((word, i) => {
    const singular = singularOf(word);
    // A word the catalog holds is taken as meant: its typos would be other words ("iphone" is one edit from "phone").
    const meant = vocabulary.terms.has(word) || (singular !== null && vocabulary.terms.has(singular));
    const budget = meant ? 0 : typoBudget(word);
    const last = i === words.length - 1;
    const typos = nearestTerms(vocabulary, word, budget, SEARCH_MAX_TYPOS_PER_WORD);
    if (last) {
      for (const term of prefixTypos(vocabulary, word, budget, SEARCH_MAX_TYPOS_PER_WORD)) {
        if (typos.length >= SEARCH_MAX_TYPOS_PER_WORD) break;
        if (!typos.includes(term)) typos.push(term);
      }
    }
    const synonyms = [...(SEARCH_SYNONYMS[word] ?? []), ...(singular ? (SEARCH_SYNONYMS[singular] ?? []) : [])];
    return {
      word,
      // A number is matched whole unless the shopper is still typing it.
      prefix: !hasDigit(word) || last,
      exact: singular && singular !== word ? [singular] : [],
      typos: typos.filter((term) => term !== singular),
      synonyms: synonyms.map((list) => [...list]),
    };
  });
}

/**
 * The nearest spelling of a query with results in mind, for "Did you mean ...?": each word that is
 * not a catalog word (or the start of one) replaced by the nearest catalog word within a looser
 * budget than the search's own; null when no word changes.
 */
export function correctedWords(
  words: string[],
  vocabulary: Vocabulary,
  known: (word: string) => boolean,
): string[] | null {
  let changed = false;
  const corrected = words.map((word) => {
    if (known(word) || hasDigit(word)) return word;
    const loose = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
    const [nearest] = nearestTerms(vocabulary, word, loose, 1);
    if (!nearest) return word;
    changed = true;
    return nearest;
  });
  return changed ? corrected : null;
}
