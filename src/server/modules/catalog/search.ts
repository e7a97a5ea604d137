import { sql, type SQL } from 'drizzle-orm';
import {
  correctedWords,
  matchesOf,
  queryWords,
  vocabularyOf,
  type Vocabulary,
  type WordMatch,
} from '../../../shared/search';
import type { Database, DbHandle } from '../../db/client';
import { devices, searchTerms } from '../../db/schema/catalog';
import { likeContains } from '../../lib/like';

/**
 * The shopper's search (docs/decisions/071), in the database: every word of the query matched anywhere in
 * a device's words (the `search_vector` column and its GIN index, migration 0009), a word's start for the
 * word being typed, its typos (catalog words within Meilisearch's default budget, found here against the
 * vocabulary) and the store's synonyms, all as one tsquery; the spec's substring of name or brand is kept
 * beside it, so whatever that found is still found. Ranked: every word without a typo first, then by how
 * many words the model holds, then in stock, then the shopper's sort.
 */

/** The device's words, written by the database (not declared in the Drizzle schema: no read of a device selects it). */
const searchVector = sql`${devices}.search_vector`;

/** The vocabulary as this process last read it, per database; forgotten with the catalog's cache. */
const vocabularies = new WeakMap<Database, Promise<Vocabulary>>();

async function readVocabulary(db: Database): Promise<Vocabulary> {
  const rows = await db.select({ term: searchTerms.term }).from(searchTerms);
  return vocabularyOf(rows.map((row) => row.term));
}

/** The catalog's words, read once until the catalog changes (invalidateCatalog forgets them). */
export function vocabularyFor(db: Database): Promise<Vocabulary> {
  let vocabulary = vocabularies.get(db);
  if (!vocabulary) {
    vocabulary = readVocabulary(db);
    vocabularies.set(db, vocabulary);
    vocabulary.catch(() => vocabularies.get(db) === vocabulary && vocabularies.delete(db));
  }
  return vocabulary;
}

export function forgetVocabulary(db: Database) {
  vocabularies.delete(db);
}

/** A query compiled for the database: the tsqueries of every word, and the spec's substring. */
export interface CompiledSearch {
  words: string[];
  matches: WordMatch[];
  /** Every word by any of its ways (null when the query has no word: only the substring is searched). */
  any: string | null;
  /** Every word without typos. */
  exact: string | null;
  /** Per word: matched in the model (weight A). */
  inModel: string[];
  /** The spec's case-insensitive substring of name or brand. */
  substring: string;
}

const lexeme = (word: string, weight = '', prefix = false) =>
  `'${word}'${prefix || weight ? ':' : ''}${prefix ? '*' : ''}${weight}`;

/** One word's ways as a tsquery: the word (or its start), its singular, its typos, its synonyms. */
function wordQuery(match: WordMatch, { typos, weight = '' }: { typos: boolean; weight?: string }): string {
  const ways = [
    lexeme(match.word, weight, match.prefix),
    ...match.exact.map((word) => lexeme(word, weight)),
    ...(typos ? match.typos.map((word) => lexeme(word, weight)) : []),
    ...match.synonyms.map((list) => `(${list.map((word) => lexeme(word, weight)).join(' & ')})`),
  ];
  return `(${ways.join(' | ')})`;
}

export function compileSearch(q: string, vocabulary: Vocabulary): CompiledSearch {
  const words = queryWords(q);
  const matches = matchesOf(words, vocabulary);
  const all = (typos: boolean) =>
    matches.length ? matches.map((match) => wordQuery(match, { typos })).join(' & ') : null;
  return {
    words,
    matches,
    any: all(true),
    exact: all(false),
    inModel: matches.map((match) => wordQuery(match, { typos: true, weight: 'A' })),
    substring: likeContains(q.trim()),
  };
}

/** A query read against the catalog's current vocabulary. */
export async function searchFor(db: Database, q: string): Promise<CompiledSearch> {
  return compileSearch(q, await vocabularyFor(db));
}

const matchesQuery = (query: string) => sql`${searchVector} @@ to_tsquery('simple', ${query})`;

/** The devices a search finds: every word by any of its ways, or the spec's substring of name or brand. */
export function searchCondition(search: CompiledSearch): SQL {
  const substring = sql`lower(${devices.name}) like ${search.substring} or lower(${devices.brand}) like ${search.substring}`;
  return search.any ? sql`(${matchesQuery(search.any)} or ${substring})` : sql`(${substring})`;
}

/** The search's own order, before in stock and the shopper's sort: no typo first, then more words in the model. */
export function searchRank(search: CompiledSearch): SQL[] {
  if (!search.exact) return [];
  const inModel = sql.join(
    search.inModel.map((query) => sql`(${matchesQuery(query)})::int`),
    sql` + `,
  );
  return [sql`(${matchesQuery(search.exact)}) desc`, sql`(${inModel}) desc`];
}

/** Whether `word` is a catalog word or the start of one (a word the search needs no correction for). */
function knownWord(vocabulary: Vocabulary, word: string): boolean {
  for (const [length, terms] of vocabulary.byLength) {
    if (length < word.length) continue;
    if (terms.some((term) => term.startsWith(word))) return true;
  }
  return false;
}

/** The words of a corrected query, as the shopper would write them: the casing the catalog uses ("MacBook"). */
function casedLike(words: string[], name: string): string {
  const written = new Map(
    name
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => [word.toLowerCase(), word]),
  );
  return words.map((word) => written.get(word) ?? word).join(' ');
}

/**
 * "Did you mean ...?" for a search that found nothing: the query with each unknown word replaced by its
 * nearest catalog word, when that finds a device under the same filters (`within`). Null otherwise.
 */
export async function nearestQuery(
  db: DbHandle,
  q: string,
  vocabulary: Vocabulary,
  within: (search: CompiledSearch) => SQL,
): Promise<{ q: string; text: string } | null> {
  const words = queryWords(q);
  const corrected = correctedWords(words, vocabulary, (word) => knownWord(vocabulary, word));
  if (!corrected) return null;
  const search = compileSearch(corrected.join(' '), vocabulary);
  const [found] = await db
    .select({ name: devices.name })
    .from(devices)
    .where(within(search))
    .orderBy(...searchRank(search))
    .limit(1);
  if (!found) return null;
  return { q: corrected.join(' '), text: casedLike(corrected, found.name) };
}
