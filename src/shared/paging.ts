import { z } from 'zod';

const PAGE_MESSAGE = 'Page must be a whole number from 1';

/** "10, 20 or 50" */
const listed = (sizes: readonly number[]) =>
  sizes.length > 1 ? `${sizes.slice(0, -1).join(', ')} or ${sizes[sizes.length - 1]}` : String(sizes[0]);

/**
 * `?page=&pageSize=` of every paged list, spread into its query schema: page a whole number from 1
 * (1 when absent), pageSize a whole number from 1 to `maxSize` or one of `sizes` (`defaultSize`
 * when absent). Each rule broken is named in the field's message.
 */
export function pagingQuery(options: { defaultSize: number } & ({ maxSize: number } | { sizes: readonly number[] })) {
  const sizeMessage =
    'sizes' in options
      ? `Page size must be ${listed(options.sizes)}`
      : `Page size must be a whole number from 1 to ${options.maxSize}`;
  const size = z.coerce.number({ error: sizeMessage }).int(sizeMessage);
  return {
    page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).optional().default(1),
    pageSize: ('sizes' in options
      ? size.refine((value) => options.sizes.includes(value), sizeMessage)
      : size.min(1, sizeMessage).max(options.maxSize, sizeMessage)
    )
      .optional()
      .default(options.defaultSize),
  };
}

/** The reply of every server-paged list (the admin's tabs, the agent's assessments): one page of rows and the count of all rows matching. */
export interface PagedReply<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
