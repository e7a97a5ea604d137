import type { CollectionReply, Device, DeviceListReply, HomeReply } from './catalog';
import type { CollectionQuery, DeviceListQuery } from './catalog-query';
import type { Currency } from './money';

/**
 * The contract between the server and the storefront's render entry (src/web/entry-server.tsx, built
 * by Vite's SSR build into dist/server): the server imports the built file at start and hands it these
 * functions, so neither source root imports the other (docs/decisions/032).
 */

/** What a server-rendered page reads: the catalog's services, with no HTTP in between. Same replies as the API. */
export interface StorefrontData {
  home(): Promise<HomeReply>;
  devices(query: DeviceListQuery): Promise<DeviceListReply>;
  /** null: no such device (the page says so). */
  device(id: string): Promise<Device | null>;
  /** null: no such collection. */
  collection(slug: string, query: Pick<CollectionQuery, 'page' | 'pageSize'>): Promise<CollectionReply | null>;
}

/** Vite's build manifest (dist/web/.vite/manifest.json): which chunk a page's source file became. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

interface StorefrontRendererOptions {
  data: StorefrontData;
  currency: Currency;
  manifest: BuildManifest;
}

interface StorefrontRenderRequest {
  /** The path and query string asked for. */
  url: string;
  /** A session cookie came with the request: the browser asks who is signed in after hydration. */
  signedIn: boolean;
}

export type StorefrontRenderResult =
  /**
   * `html` goes inside #root; `data` right after it (the page's state and data, a JSON block), then the one
   * inline script, whose body is `bootScript`: it starts the app's code (so the page goes without the shell's
   * own entry <script>: docs/decisions/036), and the reply's Content-Security-Policy allows it by its hash.
   */
  | {
      kind: 'page';
      html: string;
      data: string;
      bootScript: string;
      /** Goes before #root, outside what the browser hydrates: the links a browser without JavaScript gets. */
      noscript: string;
    }
  /**
   * A page the browser renders alone: its frame (and a notice that it needs JavaScript, or the 404 page) goes
   * inside the shell's #root, with the shell's own entry script; the browser renders over it (docs/decisions/054).
   */
  | { kind: 'frame'; html: string; noscript: string }
  | { kind: 'redirect'; status: number; location: string }
  /** The page's data failed: send the app's shell. */
  | { kind: 'shell' };

export interface StorefrontRenderer {
  /**
   * The URL a page is rendered from and kept under: its path and only the query parameters its route reads,
   * as it reads them, in one order ('/buy?page=2&utm_source=x&category=phone' is '/buy?category=phone&page=2').
   * Rendering this URL, not the one asked for, is what makes every other parameter unable to change the page.
   */
  pageUrl(url: string): string;
  render(request: StorefrontRenderRequest): Promise<StorefrontRenderResult>;
}

/** The render entry's one export. */
export type CreateStorefrontRenderer = (options: StorefrontRendererOptions) => StorefrontRenderer;
