import type { PageMeta } from '../../shared/pages';

/**
 * What the server puts in a page's <head>. The spa module sends the pages; the modules that know a
 * page better than its static title (catalog's device page, repairs' service pages) give it resolvers.
 * The types sit here, below both, so those modules never import spa.
 */

/** What a page puts in its <head> when the server sends it: a title, a description, and any extra tags. */
export interface PageHead {
  title: string;
  description: string;
  /** Extra tags (Open Graph, JSON-LD), already escaped. */
  extra?: string;
}

/** A page's head from what its path names (a device's id); null when that does not exist, and the page is a 404. */
export type HeadResolver = (params: Record<string, string>, page: PageMeta) => Promise<PageHead | null>;
