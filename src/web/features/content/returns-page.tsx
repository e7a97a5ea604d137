import { Banknote, CalendarCheck, CreditCard, PackageCheck, RotateCcw, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { POLICIES, STORE } from '../../../shared/store';
import { ContentPage, FactCard, HelpCallout, PolicySection } from './content-layout';

export function Component() {
  const days = POLICIES.returnDays;
  return (
    <ContentPage
      icon={RotateCcw}
      title="Returns & Refunds"
      intro={`Changed your mind? Return your device within ${days} days of delivery for a full refund.`}
    >
      <div className="mb-12 grid gap-4 sm:grid-cols-3">
        <FactCard value={`${days} days`} label="To return a device" note="Counted from the day of delivery" />
        <FactCard value={`${POLICIES.refundCardDays} days`} label="Card refunds" note="Business days" />
        <FactCard value={`${POLICIES.refundBankDays} days`} label="Bank transfer refunds" note="Business days" />
      </div>

      <PolicySection id="window" title={`Returns within ${days} days`} icon={CalendarCheck}>
        <p>
          You can return any device within <strong>{days} days</strong> of delivery, for any reason. The device should
          be in the condition you received it, with its accessories and, where possible, its original packaging.
        </p>
        <p className="mt-2">
          <Link to={paths.account}>Start a return</Link> from the order in your account (Orders), or from the link in
          your order email: choose the units, and our agent collects them. Track it by its RET number.
        </p>
      </PolicySection>

      <PolicySection id="how" title="How to return" icon={PackageCheck}>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <Link to={paths.contact}>Contact us</Link> with your order number within {days} days of delivery.
          </li>
          <li>Sign out of your accounts and remove any passwords or locks from the device.</li>
          <li>We collect the device from your address, or you drop it off at our {STORE.city} store.</li>
          <li>Once we have checked the device, we refund you.</li>
        </ol>
      </PolicySection>

      <PolicySection id="refunds" title="Refunds" icon={CreditCard}>
        <p>We refund the full price to the method you paid with:</p>
        <ul>
          <li>
            <strong>Card payments:</strong> {POLICIES.refundCardDays} business days after we approve the return.
          </li>
          <li>
            <strong>Bank transfer (EFT):</strong> {POLICIES.refundBankDays} business days after we approve the return.
          </li>
        </ul>
        <p className="flex items-start gap-2 text-sm">
          <Banknote className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          If a device arrived faulty or not as described, we also refund any shipping you paid.
        </p>
      </PolicySection>

      <PolicySection id="exceptions" title="What we cannot accept" icon={XCircle}>
        <ul>
          <li>
            Devices returned more than {days} days after delivery (these are covered by our{' '}
            <Link to={paths.warranty}>warranty</Link> instead).
          </li>
          <li>Devices damaged after delivery, or still locked to your account.</li>
          <li>Repair services that have already been carried out.</li>
        </ul>
      </PolicySection>

      <HelpCallout />
    </ContentPage>
  );
}
