import { describe, expect, it } from 'vitest';
import {
  SEARCH_SYNONYMS,
  correctedWords,
  editDistance,
  matchesOf,
  normalisedQuery,
  queryWords,
  searchWords,
  singularOf,
  typoBudget,
  vocabularyOf,
} from './search';

const vocabulary = vocabularyOf([
  'samsung',
  'galaxy',
  's21',
  's22',
  'macbook',
  'iphone',
  'playstation',
  'huawei',
  'laptop',
  'apple',
  'airpods',
  'pro',
  '256gb',
]);

describe('searchWords', () => {
  it('lower-cases, drops accents and splits on anything but letters and digits', () => {
    expect(searchWords('  Galaxy S21/Ultra (Pokémon) WH-1000XM4 ')).toEqual([
      'galaxy',
      's21',
      'ultra',
      'pokemon',
      'wh',
      '1000xm4',
    ]);
  });

  it('joins a number and its unit, written apart or not', () => {
    expect(searchWords('iPhone 256 GB')).toEqual(['iphone', '256gb']);
    expect(searchWords('256gb')).toEqual(['256gb']);
    expect(searchWords('1.2 TB SAS')).toEqual(['1', '2tb', 'sas']);
    expect(searchWords('gb only')).toEqual(['gb', 'only']);
  });

  it('finds no word in punctuation, emoji or control characters', () => {
    expect(searchWords('%_\\ 🤖 \u0000 -- ;')).toEqual([]);
  });
});

describe('queryWords', () => {
  it('drops filler words unless nothing else is left, and repeats', () => {
    expect(queryWords('laptop with 16gb ram for the office')).toEqual(['laptop', '16gb', 'office']);
    expect(queryWords('the')).toEqual(['the']);
    expect(queryWords('pro pro PRO')).toEqual(['pro']);
  });

  it('reads at most eight words', () => {
    expect(queryWords('a1 a2 a3 a4 a5 a6 a7 a8 a9 a10')).toHaveLength(8);
  });
});

it('normalises a query for the cache by case and spacing alone', () => {
  expect(normalisedQuery('  Galaxy   S21 ')).toBe('galaxy s21');
  expect(normalisedQuery('50%_off')).toBe('50%_off');
});

describe('typoBudget', () => {
  it('forgives as Meilisearch does by default: one typo from 5 letters, two from 9, none with a digit', () => {
    expect([typoBudget('mac'), typoBudget('ipad'), typoBudget('apple'), typoBudget('macbookpr')]).toEqual([0, 0, 1, 2]);
    expect([typoBudget('s21'), typoBudget('rtx3060'), typoBudget('1000xm4abc')]).toEqual([0, 0, 0]);
  });
});

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit (optimal string alignment)', () => {
    expect(editDistance('iphnoe', 'iphone', 2)).toBe(1);
    expect(editDistance('huawie', 'huawei', 2)).toBe(1);
    expect(editDistance('samsng', 'samsung', 2)).toBe(1);
    expect(editDistance('macbok', 'macbook', 2)).toBe(1);
    expect(editDistance('playstaion', 'playstation', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('ca', 'abc', 5)).toBe(3);
  });

  it('gives up past the budget', () => {
    expect(editDistance('samsung', 'apple', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

it('reads plurals as the singular', () => {
  expect(['laptops', 'accessories', 'switches', 'glass', 'tv', 's21s'].map(singularOf)).toEqual([
    'laptop',
    'accessory',
    'switch',
    null,
    null,
    null,
  ]);
});

describe('matchesOf', () => {
  it('expands a typo into the catalog words within its budget, and never a model number', () => {
    const [samsng, s21] = matchesOf(['samsng', 's21'], vocabulary);
    expect(samsng).toMatchObject({ word: 'samsng', prefix: true, typos: ['samsung'] });
    expect(s21).toMatchObject({ word: 's21', prefix: true, typos: [] });
    const [middle] = matchesOf(['s21', 'galaxy'], vocabulary);
    expect(middle).toMatchObject({ word: 's21', prefix: false });
  });

  it('lets the last word, still being typed, start a catalog word with a typo', () => {
    const [word] = matchesOf(['mcboo'], vocabulary);
    expect(word!.typos).toContain('macbook');
  });

  it('carries the store synonyms of the word and of its singular', () => {
    const [word] = matchesOf(['macbooks'], vocabulary);
    expect(word).toMatchObject({ exact: ['macbook'], synonyms: [['apple', 'laptop']] });
  });
});

describe('SEARCH_SYNONYMS', () => {
  it('holds the store words a shopper uses', () => {
    expect(SEARCH_SYNONYMS.galaxy).toEqual([['samsung']]);
    expect(SEARCH_SYNONYMS.macbook).toEqual([['apple', 'laptop']]);
    expect(SEARCH_SYNONYMS.ipad).toEqual([['apple', 'tablet']]);
    expect(SEARCH_SYNONYMS.airpods).toEqual([['apple', 'earbuds']]);
    expect(SEARCH_SYNONYMS.pc).toEqual([['desktop']]);
    expect(SEARCH_SYNONYMS.tv).toEqual([['television']]);
    expect(SEARCH_SYNONYMS.television).toEqual([['tv']]);
  });

  it('names words of the search alone: lower case letters and digits', () => {
    for (const [word, lists] of Object.entries(SEARCH_SYNONYMS)) {
      for (const listed of [word, ...lists.flat()]) expect(searchWords(listed)).toEqual([listed]);
    }
  });
});

it('corrects the words the catalog does not know, for "Did you mean"', () => {
  const known = (word: string) => ['iphone', 'pro'].some((term) => term.startsWith(word));
  expect(correctedWords(['mackbok', 'pro'], vocabulary, known)).toEqual(['macbook', 'pro']);
  expect(correctedWords(['iphone', 'pro'], vocabulary, known)).toBeNull();
  expect(correctedWords(['zzzzzz'], vocabulary, known)).toBeNull();
});
