import { startTransition, useLayoutEffect, useRef, useState } from 'react';
import {
  NavigationType,
  parsePath,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type Navigator,
  type To,
} from 'react-router';
import {
  compileRoutes,
  loadData,
  loadPages,
  LoaderFailure,
  matchPages,
  PageRoutes,
  readyAtOnce,
  redirectOf,
  type CompiledRoutes,
  type PageRoute,
} from './page-router';

/*
 * The page router in the browser (docs/decisions/111): a navigation keeps the page on screen until the next
 * one's code and data are there, each history entry keeps its scroll position, and Back and Forward can be held.
 */

type History = ReturnType<typeof createBrowserHistory>;

/** A hold says, for each press of Back or Forward, whether the page stays as it is. */
type Hold = () => boolean;
const holds = new Set<Hold>();

/** While `hold` returns true, Back and Forward leave the page as it is. */
export function useHoldBackAndForward(hold: Hold) {
  useLayoutEffect(() => {
    holds.add(hold);
    return () => void holds.delete(hold);
  }, [hold]);
}

/**
 * The scroll position of each history entry, in sessionStorage for the tab's life (a reload restores its entry's
 * position): Back and Forward return to it, a new page opens at the top or at its #fragment.
 */
const POSITIONS_KEY = 'quickbuy:scroll-positions';

function savedPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, number>;
    return new Map(Object.entries(saved));
  } catch {
    return new Map();
  }
}

function scrollFor({ location, action, keepScroll }: Shown, saved: number | undefined) {
  if (action === NavigationType.Pop && saved !== undefined) window.scrollTo(0, saved);
  else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  else if (!keepScroll) window.scrollTo(0, 0);
}

interface Shown {
  location: Location;
  action: NavigationType;
  data: unknown;
  /** `preventScrollReset`: the page opens where the window is. */
  keepScroll: boolean;
}

export interface BrowserPages {
  history: History;
  routes: CompiledRoutes;
  first: Shown;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * Scroll positions are kept by the history entry's key, and the first entry of every document has none
 * ('default'): a page typed into the address bar would open at the position another page of this tab left
 * under that key. A document's first entry gets a key of its own instead; a reload or a Back into it keeps
 * the key (history.state survives), so those still restore.
 */
function keyFirstHistoryEntry() {
  const state = window.history.state as { key?: unknown; usr?: unknown } | null;
  if (typeof state?.key === 'string') return;
  window.history.replaceState({ usr: null, ...state, key: newKey() }, '');
}

/**
 * The browser's pages, started at the document's address: its code loaded first (rejects when it cannot be
 * had), its data the server's (`hydrated`) or its loader's.
 */
export async function startBrowserPages(table: PageRoute[], hydrated?: { data: unknown }): Promise<BrowserPages> {
  keyFirstHistoryEntry();
  const history = createBrowserHistory();
  const routes = compileRoutes(table);
  const { location, action } = history;
  const matches = matchPages(routes, location);
  // No redirect can come of the loader here: a document starts with no kept reply, so the catalog's loaders
  // only start their reads (features/catalog/catalog-data.ts), and a server-rendered page's data is the server's.
  const [data] = await Promise.all([
    hydrated ? hydrated.data : loadData(matches, new URL(window.location.href)),
    loadPages(matches),
  ]);
  return { history, routes, first: { location, action, data, keepScroll: true } };
}

/** Where a link or `navigate` goes, as the history will hold it (a key of its own, the path encoded). */
function locationFor(history: History, to: To, state: unknown): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  const location = { pathname: '/', search: '', hash: '', ...path, state: state ?? null, key: newKey() };
  return { ...location, ...history.encodeLocation(location) };
}

export function BrowserPagesRouter({ pages }: { pages: BrowserPages }) {
  const { history, routes } = pages;
  const [shown, setShown] = useState(pages.first);
  const [pending, setPending] = useState(false);
  const [positions] = useState(savedPositions);
  const shownKey = useRef(shown.location.key);

  /*
   * One navigation: the next page's code and data load while the page on screen stays (nothing to load: at once);
   * then a link's move (a push or a replace) is written to the history, so the address changes with the page as
   * it did under React Router's data router, and the page shows. Back and Forward have moved the address already.
   * A newer navigation makes an older one's result void. Every update is a transition: an urgent one makes React
   * render the frame's parts that have not hydrated yet (the footer, the header's menus) anew, dropping the
   * server's HTML until their code comes.
   */
  const [navigation] = useState(() => {
    let latest = 0;
    return function go(next: Omit<Shown, 'data'>) {
      const current = ++latest;
      // Where the page on screen was when the shopper left it (it may move while the next one loads).
      positions.set(shownKey.current, window.scrollY);
      const show = (data: unknown) => {
        if (next.action === NavigationType.Push) history.push(next.location);
        if (next.action === NavigationType.Replace) history.replace(next.location);
        startTransition(() => {
          setPending(false);
          setShown({ ...next, data });
        });
      };
      const matches = matchPages(routes, next.location);
      // Nothing to wait for: the address changes at once, so a second change made in the same task (a list's
      // search, then its status) starts from the first (lib/use-paged-list.ts reads the address).
      if (readyAtOnce(matches)) return show(null);
      startTransition(() => setPending(true));
      // A page whose code cannot be had renders anyway: its boundary shows the failure (decision 094).
      const code = loadPages(matches).catch(() => undefined);
      Promise.all([loadData(matches, new URL(history.createURL(next.location))), code]).then(
        ([data]) => current === latest && show(data),
        (thrown: unknown) => {
          if (current !== latest) return;
          const redirect = redirectOf(thrown);
          if (!redirect) return show(new LoaderFailure(thrown));
          const location = locationFor(history, redirect.location, null);
          // Back or Forward has written its address already: the redirect takes that entry's place.
          go({ ...next, location, action: next.action === NavigationType.Pop ? NavigationType.Replace : next.action });
        },
      );
    };
  });

  const [navigator] = useState<Navigator>(() => {
    const move = (action: NavigationType) => (to: To, state?: unknown, options?: { preventScrollReset?: boolean }) => {
      navigation({
        location: locationFor(history, to, state),
        action,
        keepScroll: Boolean(options?.preventScrollReset),
      });
    };
    return {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: move(NavigationType.Push),
      replace: move(NavigationType.Replace),
    };
  });

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keepPositions = () => {
      positions.set(shownKey.current, window.scrollY);
      sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(Object.fromEntries(positions)));
    };
    window.addEventListener('pagehide', keepPositions);
    let undoing = false;
    // Back and Forward (the history tells of nothing else: a link's move is written by `navigation`).
    const stopListening = history.listen(({ location, delta }) => {
      if (undoing) {
        undoing = false;
        return;
      }
      // The browser has moved already: a held Back or Forward moves back by as many entries.
      if (delta && [...holds].some((hold) => hold())) {
        undoing = true;
        history.go(-delta);
        return;
      }
      navigation({ location, action: NavigationType.Pop, keepScroll: false });
    });
    return () => {
      stopListening();
      window.removeEventListener('pagehide', keepPositions);
      window.history.scrollRestoration = 'auto';
    };
  }, [history, positions, navigation]);

  useLayoutEffect(() => {
    shownKey.current = shown.location.key;
    scrollFor(shown, positions.get(shown.location.key));
  }, [shown, positions]);

  return (
    <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
      <PageRoutes routes={routes} data={shown.data} pending={pending} />
    </Router>
  );
}
