import { useEffect, useId, useState } from 'react';
import { BRAND_FILTERS, CATEGORY_FILTERS, PRICE_FILTERS, SORT_OPTIONS } from '../../../shared/catalog';
import { paths } from '../../../shared/paths';

export type SelectFilter = 'category' | 'brand' | 'price' | 'sort';

interface FilterBarProps {
  q: string;
  category: string;
  brand: string;
  price: string;
  sort: string;
  onSearch: (q: string) => void;
  onSelect: (name: SelectFilter, value: string) => void;
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search and the three selects of spec 000 section 5, with its labels and values. A GET form, so
 * without JavaScript the shopper still filters (Enter in the search box, or the Apply button that
 * only shows then); with it, a choice applies at once and typing after a short pause.
 */
export function FilterBar({ q, category, brand, price, sort, onSearch, onSelect }: FilterBarProps) {
  const id = useId();
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // The URL changed underneath (back/forward, a link): show its search text.
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = window.setTimeout(() => onSearch(wanted), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, q, onSearch]);

  const selects = [
    { name: 'category', label: 'Category', value: category, options: CATEGORY_FILTERS },
    { name: 'brand', label: 'Brand', value: brand, options: BRAND_FILTERS },
    { name: 'price', label: 'Price Range', value: price, options: PRICE_FILTERS },
    { name: 'sort', label: 'Sort by', value: sort, options: SORT_OPTIONS },
  ] as const;

  return (
    <form
      method="get"
      action={paths.buy}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
    >
      <div>
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-slate-700">
          Search
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search devices..."
          autoComplete="off"
          className="search-icon h-10 w-full rounded-lg border border-slate-300 pr-3 pl-9 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      {selects.map((select) => (
        <div key={select.name}>
          <label htmlFor={`${id}-${select.name}`} className="mb-1 block text-sm font-medium text-slate-700">
            {select.label}
          </label>
          <select
            id={`${id}-${select.name}`}
            name={select.name}
            value={select.value}
            onChange={(event) => onSelect(select.name, event.target.value)}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          >
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <noscript>
        <button
          type="submit"
          className="h-10 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          Apply filters
        </button>
      </noscript>
    </form>
  );
}
