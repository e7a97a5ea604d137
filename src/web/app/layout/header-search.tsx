import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { optionalLazy } from '../../lib/chunks';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';

/**
 * The suggestions come with the box's first focus, never with the page (decision 071): /buy's first load
 * is at its budget. Until then, and without JavaScript, the box is a plain form that GETs /buy?q=.
 */
const SearchSuggestions = optionalLazy(() => import('../../features/search/search-suggestions'));

/**
 * The header's search box: Enter (or the search key) opens /buy?q=..., where the results are rendered. It
 * hydrates later, so until its code comes Enter sends the form as a browser without JavaScript does.
 */
export function HeaderSearch() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const navigate = useNavigate();
  // The box hydrates later (site-header.tsx): a shopper may be in it already when its code comes.
  useEffect(() => {
    if (document.activeElement === input.current) setFocused(true);
  }, []);

  return (
    <form
      role="search"
      // Named: a page may have a search of its own (/track's), and two search landmarks need two names.
      aria-label="Devices"
      method="get"
      action={paths.buy}
      onSubmit={(event) => {
        event.preventDefault();
        const q = input.current?.value.trim() ?? '';
        void navigate(q ? `${paths.buy}?${new URLSearchParams({ q })}` : paths.buy);
      }}
      className="relative order-last w-full xl:order-none xl:w-auto xl:max-w-72 xl:min-w-40 xl:flex-1"
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        Search devices
      </label>
      <input
        ref={input}
        id={`${id}-q`}
        name="q"
        type="search"
        placeholder="What are you looking for?"
        autoComplete="off"
        maxLength={100}
        onFocus={() => setFocused(true)}
        className="search-icon h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      {focused && (
        <Suspense fallback={null}>
          <SearchSuggestions input={input} listId={`${id}-suggestions`} />
        </Suspense>
      )}
    </form>
  );
}
