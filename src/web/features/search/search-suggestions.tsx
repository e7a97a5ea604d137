import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { imageUrl, PLACEHOLDER_IMAGE, type SearchSuggestions as Suggestions } from '../../../shared/catalog';
import { paths } from '../../../shared/paths';
import { SUGGEST_AFTER_CHARACTERS } from '../../../shared/search';
import { money } from '../../lib/money';
import { fetchSuggestions } from './search-api';

/** A pause in typing this long asks for suggestions; every key would ask the server for each letter. */
const DEBOUNCE_MS = 150;

interface Option {
  key: string;
  href: string;
  group: 'devices' | 'categories';
  label: string;
  price?: number;
  image?: string;
}

function optionsOf(reply: Suggestions | null): Option[] {
  if (!reply) return [];
  return [
    ...reply.devices.map((device) => ({
      key: device.id,
      href: paths.device(device.id),
      group: 'devices' as const,
      label: device.name,
      price: device.price,
      image: imageUrl(device.image ?? PLACEHOLDER_IMAGE, 160),
    })),
    ...reply.categories.map((category) => ({
      key: category.href,
      href: category.href,
      group: 'categories' as const,
      label: category.label,
    })),
  ];
}

/** Suggestions answered in this page, by query: typing back over a word asks again for nothing. */
const answered = new Map<string, Suggestions>();

/**
 * The header box's suggestions: the WAI-ARIA 1.2 combobox pattern (list autocomplete) on the box the header
 * already rendered. It is loaded on the box's first focus, so it takes the input by reference and sets the
 * combobox's attributes on it itself rather than rendering another input in its place, which would lose the
 * focus and what was typed. ArrowDown and ArrowUp move through the suggestions, Enter opens the one chosen
 * (without a choice the form opens /buy?q=...), Escape closes the list, then clears the box; a polite status
 * says how many suggestions came.
 */
export default function SearchSuggestions({
  input,
  listId,
}: {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
}) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [typed, setTyped] = useState(() => input.current?.value ?? '');
  const [reply, setReply] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const q = typed.trim();
  const key = q.replace(/\s+/g, ' ').toLowerCase();
  const wanted = q.length >= SUGGEST_AFTER_CHARACTERS;
  const shown = wanted ? (answered.get(key) ?? (reply?.q === key ? reply : null)) : null;
  const options = optionsOf(shown);
  const expanded = open && options.length > 0;
  const nothing = open && shown !== null && options.length === 0;
  const optionId = (index: number) => `${listId}-${index}`;

  // Moving to another page closes the list.
  const here = pathname + search;
  const [shownAt, setShownAt] = useState(here);
  if (shownAt !== here) {
    setShownAt(here);
    setOpen(false);
    setActive(-1);
  }

  // Ask the server once typing pauses; an older answer never replaces a newer one.
  useEffect(() => {
    if (!wanted || answered.has(key)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchSuggestions(q, controller.signal)
        .then((answer) => {
          answered.set(key, answer);
          setReply(answer);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q, key, wanted]);

  // The combobox's state on the box the header rendered.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('role', 'combobox');
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('aria-controls', listId);
    box.setAttribute('aria-expanded', String(expanded));
    if (expanded && active >= 0) box.setAttribute('aria-activedescendant', optionId(active));
    else box.removeAttribute('aria-activedescendant');
  });

  const choose = (option: Option) => {
    setOpen(false);
    setActive(-1);
    void navigate(option.href);
  };

  // Typing, keys and leaving, heard on the box itself.
  const latest = useRef({ options, expanded, active, choose });
  useEffect(() => {
    latest.current = { options, expanded, active, choose };
  });
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onInput = () => {
      setTyped(box.value);
      setOpen(true);
      setActive(-1);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { options: list, expanded: isOpen, active: current } = latest.current;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (!isOpen) {
          setOpen(true);
          return;
        }
        if (list.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive(current < 0 && step < 0 ? list.length - 1 : (current + step + list.length) % list.length);
      } else if (event.key === 'Enter' && isOpen && current >= 0 && list[current]) {
        event.preventDefault();
        latest.current.choose(list[current]);
      } else if (event.key === 'Escape') {
        if (isOpen) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (box.value) {
          box.value = '';
          setTyped('');
        }
      }
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => {
      setOpen(false);
      setActive(-1);
    };
    box.addEventListener('input', onInput);
    box.addEventListener('keydown', onKeyDown);
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', onBlur);
    // Keys typed between this island's first render and now (its code came while the shopper typed) were heard by no one.
    setTyped(box.value);
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('keydown', onKeyDown);
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', onBlur);
    };
  }, [input]);

  const status = nothing
    ? `No suggestions for ${q}`
    : expanded
      ? `${options.length} suggestion${options.length === 1 ? '' : 's'}, use the up and down arrows to choose`
      : '';

  const renderGroup = (group: Option['group'], label: string) => {
    const members = options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group);
    if (members.length === 0) return null;
    return (
      <ul role="group" aria-label={label} className="py-1">
        <li role="presentation" className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {label}
        </li>
        {members.map(({ option, index }) => (
          // The keys are the combobox's, heard on the box (aria-activedescendant points here).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the box: the list closes when the box loses it.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(option)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
              index === active ? 'bg-brand-50 text-slate-900' : 'text-slate-700'
            }`}
          >
            {option.image && (
              <img
                src={option.image}
                alt=""
                width={40}
                height={40}
                className="size-10 shrink-0 rounded-md bg-slate-100 object-cover"
              />
            )}
            <span className="min-w-0 flex-1 truncate">{option.label}</span>
            {option.price !== undefined && (
              <span className="shrink-0 font-semibold text-slate-900">{money(option.price, 'card')}</span>
            )}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {status}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        {renderGroup('devices', 'Devices')}
        {renderGroup('categories', 'Categories')}
      </div>
      {nothing && (
        <p className="absolute top-full right-0 left-0 z-50 mt-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg">
          No devices match “{q}”. Press Enter to search all devices.
        </p>
      )}
    </>
  );
}
