import { formatAmount } from '../../../shared/money';
import { STORE } from '../../../shared/store';

/** Spec 000 section 1: the banner prefixes the threshold with R. */
export const FREE_DELIVERY_TEXT = `Free nationwide delivery on orders above R${formatAmount(STORE.freeDeliveryThreshold)}`;

export function TopBanner() {
  return (
    // A landmark of its own: every part of the page sits in one, so a screen reader's landmark list reaches it.
    <section aria-label="Delivery offer" className="bg-slate-900 text-white">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-2 text-center text-xs font-medium tracking-wide sm:text-sm">
        <span className="icon icon-truck size-4 text-brand-100" aria-hidden="true" />
        {FREE_DELIVERY_TEXT}
      </p>
    </section>
  );
}
