import { startTransition, useLayoutEffect, useRef, useState } from 'react';
import {
  NavigationType,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type Navigator,
} from 'react-router';
import {
  compileRoutes,
  loadData,
  loadPages,
  LoaderFailure,
  matchPages,
  PageRoutes,
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

/**
 * The browser's pages, started at the document's address: its code loaded first (rejects when it cannot be
 * had), its data the server's (`hydrated`) or its loader's.
 */
export async function startBrowserPages(table: PageRoute[], hydrated?: { data: unknown }): Promise<BrowserPages> {
  const history = createBrowserHistory({ v5Compat: true });
  const routes = compileRoutes(table);
  const { location, action } = history;
  const matches = matchPages(routes, location);
  try {
    const [data] = await Promise.all([
      hydrated ? hydrated.data : loadData(matches, new URL(window.location.href)),
      loadPages(matches),
    ]);
    return { history, routes, first: { location, action, data, keepScroll: true } };
  } catch (thrown) {
    const redirect = redirectOf(thrown);
    if (!redirect) throw thrown;
    history.replace(redirect.location);
    return startBrowserPages(table);
  }
}

/** The history as React Router's links and `navigate` drive it, with the scroll each navigation asks for. */
function navigatorOver(history: History, asked: { keepScroll: boolean }): Navigator {
  return {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state, options?: { preventScrollReset?: boolean }) {
      asked.keepScroll = Boolean(options?.preventScrollReset);
      history.push(to, state);
    },
    replace(to, state, options?: { preventScrollReset?: boolean }) {
      asked.keepScroll = Boolean(options?.preventScrollReset);
      history.replace(to, state);
    },
  };
}

export function BrowserPagesRouter({ pages }: { pages: BrowserPages }) {
  const { history, routes } = pages;
  const [shown, setShown] = useState(pages.first);
  const [pending, setPending] = useState(false);
  const [positions] = useState(savedPositions);
  const [asked] = useState(() => ({ keepScroll: false }));
  const [navigator] = useState(() => navigatorOver(history, asked));
  const shownKey = useRef(shown.location.key);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keepPositions = () => {
      positions.set(shownKey.current, window.scrollY);
      sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(Object.fromEntries(positions)));
    };
    window.addEventListener('pagehide', keepPositions);

    let latest = 0;
    let undoing = false;
    const show = (next: Shown, navigation: number) => {
      if (navigation !== latest) return; // a newer navigation started meanwhile
      startTransition(() => {
        setPending(false);
        setShown(next);
      });
    };
    const stopListening = history.listen(({ action, location, delta }) => {
      if (undoing) {
        undoing = false;
        return;
      }
      // The browser has moved already: a held Back or Forward moves back by as many entries.
      if (action === NavigationType.Pop && delta && [...holds].some((hold) => hold())) {
        undoing = true;
        history.go(-delta);
        return;
      }
      const keepScroll = asked.keepScroll;
      asked.keepScroll = false;
      // Where the page on screen was when the shopper left it (it may move while the next one loads).
      positions.set(shownKey.current, window.scrollY);
      const navigation = ++latest;
      // Every update of the router is a transition: an urgent one makes React render the frame's parts that have
      // not hydrated yet (the footer, the header's menus) anew, dropping the server's HTML until their code comes.
      startTransition(() => setPending(true));
      // A page whose code cannot be had renders anyway: its boundary shows the failure (decision 094).
      const matches = matchPages(routes, location);
      const code = loadPages(matches).catch(() => undefined);
      Promise.all([loadData(matches, new URL(history.createURL(location))), code]).then(
        ([data]) => show({ location, action, data, keepScroll }, navigation),
        (thrown: unknown) => {
          if (navigation !== latest) return;
          const redirect = redirectOf(thrown);
          if (redirect) history.replace(redirect.location);
          else show({ location, action, data: new LoaderFailure(thrown), keepScroll }, navigation);
        },
      );
    });
    return () => {
      stopListening();
      window.removeEventListener('pagehide', keepPositions);
      window.history.scrollRestoration = 'auto';
    };
  }, [history, routes, positions, asked]);

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
