import { Component, createContext, use, useContext, type ComponentType, type ReactNode } from 'react';
import {
  matchRoutes,
  Outlet,
  StaticRouter,
  useLocation,
  useRoutes,
  type Location,
  type Params,
  type RouteObject,
} from 'react-router';

/*
 * The store's own page router over React Router's declarative core (docs/decisions/111): the route table, each
 * page's code loaded before it shows, the page's loader data, and a failure shown where the part that failed
 * was, on the server and in the browser (whose navigations, scroll and held Back are in browser-pages.tsx).
 * React Router's data router did all this and cost a quarter of the first load.
 */

/** A page module exports `Component`. */
export type PageModule = { Component: ComponentType };

export interface LoaderArgs {
  params: Params;
  /** The page's address, path and query (the origin is not the store's on the server). */
  request: Request;
}

/** One route of the table; `children` render in the parent's <Outlet />. */
export interface PageRoute {
  path?: string;
  /** The page's code, loaded before the page shows (a navigation waits for it; the first page is loaded first). */
  page?: () => Promise<PageModule>;
  element?: ReactNode;
  /** Shown in place of this route's part (its element and children) when rendering it throws. */
  failure?: ReactNode;
  /** The page's data: what usePageData returns. A thrown Response with a Location goes there instead. */
  loader?: (args: LoaderArgs) => unknown;
  /** What the server reads of the route (routes.tsx's ServerRenderedHandle). */
  handle?: unknown;
  children?: PageRoute[];
}

/** The table as React Router matches it; each route's `handle` is its PageRoute. */
export type CompiledRoutes = RouteObject[];

const PageDataContext = createContext<unknown>(undefined);
const FailureContext = createContext<unknown>(undefined);
const PendingContext = createContext(false);

/** A loader that threw in the browser: the page throws it where it reads its data, so its boundary shows it. */
export class LoaderFailure {
  constructor(readonly thrown: unknown) {}
}

/** What the page's loader returned. */
export function usePageData<T>(): T {
  const data = useContext(PageDataContext);
  if (data instanceof LoaderFailure) throw data.thrown;
  return data as T;
}
/** Inside a route's `failure`: what was thrown. */
export const useRouteFailure = () => useContext(FailureContext);
/** True while the next page's code and data load (the page on screen is still the last one). */
export const useNavigationPending = () => useContext(PendingContext);

const modules = new WeakMap<PageRoute, PageModule>();
const loading = new WeakMap<PageRoute, Promise<PageModule>>();

function loadPage(route: PageRoute): Promise<PageModule> {
  let promise = loading.get(route);
  if (!promise) {
    promise = route.page!().then((module) => {
      modules.set(route, module);
      return module;
    });
    // A failed download stays failed: the page's boundary shows it, and decision 094 loads the document anew.
    loading.set(route, promise);
  }
  return promise;
}

function Page({ route }: { route: PageRoute }) {
  const { Component: Shown } = modules.get(route) ?? use(loadPage(route));
  return <Shown />;
}

class FailureBoundary extends Component<
  { failure: ReactNode; entry: string; children: ReactNode },
  { failed: { error: unknown } | null; entry: string }
> {
  override state = { failed: null as { error: unknown } | null, entry: this.props.entry };

  static getDerivedStateFromError(error: unknown) {
    return { failed: { error } };
  }

  /** A navigation (a new history entry, or Try again's replace) renders the part afresh. */
  static getDerivedStateFromProps(props: { entry: string }, state: { entry: string }) {
    return props.entry === state.entry ? null : { failed: null, entry: props.entry };
  }

  override render() {
    const { failed } = this.state;
    if (!failed) return this.props.children;
    return <FailureContext value={failed.error}>{this.props.failure}</FailureContext>;
  }
}

function Guarded({ failure, children }: { failure: ReactNode; children: ReactNode }) {
  return (
    <FailureBoundary failure={failure} entry={useLocation().key}>
      {children}
    </FailureBoundary>
  );
}

export function compileRoutes(routes: PageRoute[]): CompiledRoutes {
  return routes.map((route) => {
    const part = route.page ? <Page route={route} /> : route.element;
    return {
      path: route.path,
      element: route.failure ? <Guarded failure={route.failure}>{part ?? <Outlet />}</Guarded> : part,
      handle: route,
      children: route.children && compileRoutes(route.children),
    } as RouteObject;
  });
}

export interface PageMatch {
  route: PageRoute;
  params: Params;
}

/**
 * The routes an address shows, outermost first. React Router ranks the whole table on every match, so a
 * navigation or a render matches once and hands the matches on.
 */
export function matchPages(routes: CompiledRoutes, location: Partial<Location> | string): PageMatch[] {
  return (matchRoutes(routes, location) ?? []).map(({ route, params }) => ({
    route: route.handle as PageRoute,
    params,
  }));
}

/** The matched pages' code is here and none of them has a loader: a navigation to them has nothing to wait for. */
export function readyAtOnce(matches: PageMatch[]): boolean {
  return matches.every(({ route }) => !route.loader && (!route.page || modules.has(route)));
}

/** The code of every page the matches show; rejects when a download fails. */
export function loadPages(matches: PageMatch[]): Promise<unknown> {
  return Promise.all(matches.flatMap(({ route }) => (route.page ? [loadPage(route)] : [])));
}

/** The data of the innermost matched route with a loader, for `url` (the address, path and query). */
export async function loadData(matches: PageMatch[], url: URL): Promise<unknown> {
  const withLoader = matches.findLast(({ route }) => route.loader);
  if (!withLoader) return null;
  return withLoader.route.loader!({ params: withLoader.params, request: new Request(url) });
}

/** Where a loader's thrown redirect points, or undefined for anything else thrown. */
export function redirectOf(thrown: unknown): { status: number; location: string } | undefined {
  if (!(thrown instanceof Response)) return undefined;
  const location = thrown.headers.get('location');
  return location && thrown.status >= 300 && thrown.status < 400 ? { status: thrown.status, location } : undefined;
}

function Routes({ routes }: { routes: CompiledRoutes }) {
  return useRoutes(routes);
}

/** The table's routes at the router's location, the page given `data`; `pending` while the next one loads. */
export function PageRoutes({
  routes,
  data,
  pending = false,
}: {
  routes: CompiledRoutes;
  data: unknown;
  pending?: boolean;
}) {
  return (
    <PendingContext value={pending}>
      <PageDataContext value={data}>
        <Routes routes={routes} />
      </PageDataContext>
    </PendingContext>
  );
}

/** A page rendered on the server: the same table at `url`, with the data its loader returned. */
export function StaticPages({ routes, url, data }: { routes: CompiledRoutes; url: string; data: unknown }) {
  return (
    <StaticRouter location={url}>
      <PageRoutes routes={routes} data={data} />
    </StaticRouter>
  );
}
