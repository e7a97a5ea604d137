import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { money } from '../../lib/money';
import { cart, type CartItem } from './cart-store';

export interface LineStatus {
  /** The price the line had before the server's current price replaced it. */
  previousPrice?: number;
  /** Why the line cannot be bought as it is, if it cannot. */
  problem?: string;
}

/** One cart line: image, name, condition and storage, price, quantity editing, remove. */
export function CartLine({ item, status }: { item: CartItem; status: LineStatus }) {
  function changeQuantity(value: string) {
    const n = Number.parseInt(value, 10);
    // Spec 000 section 5: a non-numeric entry becomes 1; 0 or less removes the line.
    cart.setQuantity(item.id, Number.isNaN(n) ? 1 : n);
  }
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
          <label htmlFor={`qty-${item.id}`} className="sr-only">
            Quantity for {item.name}
          </label>
          <input
            id={`qty-${item.id}`}
            type="number"
            min={1}
            inputMode="numeric"
            value={item.quantity}
            onChange={(e) => changeQuantity(e.target.value)}
            className="w-20 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
          />
          <button
            type="button"
            onClick={() => cart.remove(item.id)}
            aria-label={`Remove ${item.name}`}
            className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <Trash2 className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </li>
  );
}
