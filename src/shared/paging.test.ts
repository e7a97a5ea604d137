import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminOrderQuerySchema } from './admin-orders';
import { adminListQuerySchema } from './admin';
import { collectionQuerySchema, deviceListQuerySchema } from './catalog-query';
import { pagingQuery } from './paging';
import { tradeInListQuerySchema } from './trade-ins';

const errorsOf = (schema: z.ZodType, query: Record<string, string>) => {
  const result = schema.safeParse(query);
  return result.success ? null : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('pagingQuery', () => {
  it('defaults to page 1 and the list’s own size', () => {
    expect(deviceListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 24 });
    expect(collectionQuerySchema.parse({})).toEqual({ q: '', page: 1, pageSize: 48 });
    expect(adminListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 20 });
    expect(adminOrderQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 20 });
    expect(tradeInListQuerySchema.parse({ page: '3', pageSize: '50' })).toMatchObject({ page: 3, pageSize: 50 });
  });

  it('names the rule broken, the same words on every list', () => {
    const page = { page: 'Page must be a whole number from 1' };
    for (const schema of [deviceListQuerySchema, adminListQuerySchema, adminOrderQuerySchema, tradeInListQuerySchema]) {
      for (const bad of ['0', 'abc', '1.5']) expect(errorsOf(schema, { page: bad })).toEqual(page);
    }
    expect(errorsOf(deviceListQuerySchema, { pageSize: '101' })).toEqual({
      pageSize: 'Page size must be a whole number from 1 to 100',
    });
    expect(errorsOf(tradeInListQuerySchema, { pageSize: '0' })).toEqual({
      pageSize: 'Page size must be a whole number from 1 to 100',
    });
    expect(errorsOf(adminOrderQuerySchema, { pageSize: '5000' })).toEqual({
      pageSize: 'Page size must be 10, 20 or 50',
    });
  });

  it('lists the sizes allowed in its message', () => {
    const schema = z.object(pagingQuery({ defaultSize: 5, sizes: [5, 15] }));
    expect(errorsOf(schema, { pageSize: '7' })).toEqual({ pageSize: 'Page size must be 5 or 15' });
    expect(schema.parse({ pageSize: '15' })).toEqual({ page: 1, pageSize: 15 });
  });
});
