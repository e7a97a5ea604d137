import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { IconButton } from '../../components/ui/icon-button';
import { money } from '../../lib/money';
import { cart, type CartItem } from '../../lib/cart-store';

export interface LineStatus {
  /** The price the line had before the server's current price replaced it. */
  previousPrice?: number;
  /** Why the line cannot be bought as it is, if it cannot. */
  problem?: string;
  /** The units the store has of the device, once the server said (+ stops there). */
  available?: number;
}

/** One cart line: image, name, condition and storage, price, quantity editing, remove. */
export function CartLine({ item, status }: { item: CartItem; status: LineStatus }) {
  return (
    <li className="flex gap-4 py-5" aria-label={item.name}>
      <img
        src={item.image || '/placeholder.svg'}
        alt=""
        className="h-24 w-24 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-cover"
        onError={(e) => {
          e.currentTarget.src = '/placeholder.svg';
        }}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Link to={paths.device(item.id)} className="font-semibold text-slate-900 hover:text-brand-700">
            {item.name}
          </Link>
          <p className="text-sm text-slate-500">{[item.condition, item.storage].filter(Boolean).join(' • ')}</p>
          <p className="mt-1 font-semibold text-slate-900">{money(item.price, 'cart')}</p>
          {status.previousPrice !== undefined && (
            <p className="text-sm text-amber-700" role="status">
              Price changed from {money(status.previousPrice, 'cart')} to {money(item.price, 'cart')}
            </p>
          )}
          {status.problem && (
            <p className="text-sm font-medium text-red-600" role="status">
              {status.problem}
            </p>
          )}
        </div>
        <div className="flex items-center gap-3">
          <QuantityField item={item} available={status.available} />
          <IconButton
            label={`Remove ${item.name}`}
            icon={Trash2}
            iconClassName="h-5 w-5"
            onClick={() => cart.remove(item.id)}
            className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          />
        </div>
      </div>
    </li>
  );
}

const stepButton =
  'grid size-9 place-items-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ' +
  'disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-300 disabled:hover:bg-transparent';

/** A typed whole number of at least 1, or null while the entry is empty, zero or not a number. */
function positiveWhole(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number.parseInt(text, 10);
  return n >= 1 ? n : null;
}

/**
 * The quantity: minus, a field, plus. The field may be empty while the shopper types; a whole number
 * of at least 1 counts at once, anything else becomes 1 on blur or Enter (spec 000 section 5: minimum
 * 1, a non-numeric entry becomes 1). Removing a line is the bin's job, so the field never reaches 0.
 * Plus stops at the units the store has (the server caps an order there too).
 */
function QuantityField({ item, available }: { item: CartItem; available: number | undefined }) {
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = `qty-${item.id}`;

  const type = (text: string) => {
    setDraft(text);
    const n = positiveWhole(text);
    if (n !== null) cart.setQuantity(item.id, n);
  };
  const settle = () => {
    if (draft === null) return;
    cart.setQuantity(item.id, positiveWhole(draft) ?? 1);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') settle();
  };
  const step = (by: number) => {
    setDraft(null);
    cart.setQuantity(item.id, Math.max(1, item.quantity + by));
  };

  return (
    <div className="flex items-center gap-1.5">
      <IconButton
        label={`Decrease quantity of ${item.name}`}
        icon={Minus}
        onClick={() => step(-1)}
        disabled={item.quantity <= 1}
        className={stepButton}
      />
      <label htmlFor={inputId} className="sr-only">
        Quantity for {item.name}
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={draft ?? String(item.quantity)}
        onChange={(e) => type(e.target.value)}
        onBlur={settle}
        onKeyDown={onKeyDown}
        className="w-14 rounded-lg border border-slate-300 px-2 py-2 text-center text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
      />
      <IconButton
        label={`Increase quantity of ${item.name}`}
        icon={Plus}
        onClick={() => step(1)}
        disabled={available !== undefined && item.quantity >= available}
        className={stepButton}
      />
    </div>
  );
}
