import { describe, expect, it } from 'vitest';
import {
  findOrderNumber,
  findTransactionNumber,
  isGreeting,
  matchTopics,
  parseAmount,
  parseProductQuery,
} from './intents';

const product = (message: string) => parseProductQuery(message, matchTopics(message));

describe('reading a message', () => {
  it('reads amounts the way shoppers write them', () => {
    expect(parseAmount('R10,000')).toBe(10_000);
    expect(parseAmount('10 000')).toBe(10_000);
    expect(parseAmount('r 8500')).toBe(8500);
    expect(parseAmount('15k')).toBe(15_000);
    expect(parseAmount('R12.5k')).toBe(12_500);
    expect(parseAmount('lots')).toBeNull();
  });

  it('finds order and transaction numbers in any case', () => {
    expect(findOrderNumber('is ord-2026-123456 shipped?')).toBe('ORD-2026-123456');
    expect(findOrderNumber('ORD-2026-12345')).toBeNull();
    expect(findTransactionNumber('txn1763800000000123 please')).toBe('TXN1763800000000123');
    expect(findTransactionNumber('TXN')).toBeNull();
  });

  it('matches the quick questions to their topics', () => {
    expect(matchTopics('Track my order')).toEqual(['tracking']);
    expect(matchTopics('What is your return policy?')).toEqual(['returns']);
    expect(matchTopics('What are your shipping details?')).toEqual(['shipping']);
    expect(matchTopics('What is your contact info?')).toEqual(['contact']);
  });

  it('tells a shopper asking "do you sell" from a seller', () => {
    expect(matchTopics('Do you sell iPhones?')).not.toContain('selling');
    expect(matchTopics('I want to sell my iPhone')).toContain('selling');
  });

  it('recognises a greeting only when the message is just a greeting', () => {
    expect(isGreeting('Hi there!')).toBe(true);
    expect(isGreeting('Hi, what is your return policy?')).toBe(false);
  });
});

describe('parseProductQuery', () => {
  it('reads brand, model line, type and price cap', () => {
    expect(product('Do you have an iPhone under R10,000?')).toMatchObject({
      brand: 'apple',
      q: 'iPhone',
      category: 'phone',
      type: null,
      minPrice: null,
      maxPrice: 10_000,
    });
  });

  it('searches a brand outside the brand filter as text', () => {
    expect(product('any Lenovo laptops?')).toMatchObject({ brand: 'all', q: 'Lenovo', category: 'laptop' });
  });

  it('narrows a type outside the category filter on the results', () => {
    expect(product('Do you have network switches?')).toMatchObject({ category: 'all', type: 'switch' });
  });

  it('reads a price range', () => {
    expect(product('laptops between R10,000 and R20,000')).toMatchObject({ minPrice: 10_000, maxPrice: 20_000 });
    expect(product('phones over 20k')).toMatchObject({ minPrice: 20_000, maxPrice: null });
  });

  it('reads the model named after the brand or model line', () => {
    expect(product('Is the Dell XPS 13 in stock?')).toMatchObject({
      brand: 'dell',
      model: ['xps', '13'],
      label: { brand: 'Dell', model: 'XPS 13' },
    });
    expect(product('Do you have the iPhone 13 Pro?')).toMatchObject({ q: 'iPhone', model: ['13', 'pro'] });
    expect(product("Any Samsung Galaxy S22's left?")).toMatchObject({ q: 'Galaxy', model: ['s22'] });
  });

  it('reads no model where the brand is followed by a type, a price or a question word', () => {
    expect(product('Any Dell laptops?')).toMatchObject({ model: [], label: { model: null } });
    expect(product('Do you have an iPhone under R10,000?')).toMatchObject({ model: [] });
    expect(product('Is the Dell still available?')).toMatchObject({ model: [] });
    expect(product('any apple phones below 15k?')).toMatchObject({ model: [] });
  });

  it('stands back for selling, repairs and policy questions', () => {
    expect(product('I want to sell my Samsung phone')).toBeNull();
    expect(product('Can you repair my iPhone screen?')).toBeNull();
    expect(product('What is the warranty on laptops?')).toBeNull();
    expect(product('What is your return policy?')).toBeNull();
  });
});
