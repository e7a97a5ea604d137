import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { POLICIES, STORE } from '../../../shared/store';
import { ContentPage, HelpCallout, PolicySection } from './content-layout';

export function Component() {
  return (
    <ContentPage
      icon={FileText}
      title="Terms of Service"
      intro={`The terms that apply when you buy from, sell to, or book a repair with ${STORE.name}. Last updated 1 November 2026.`}
    >
      <PolicySection id="acceptance" title="1. Acceptance of terms">
        <p>
          By using the {STORE.name} website or services you agree to these terms. {STORE.name} is based in {STORE.city},{' '}
          {STORE.country}. If you do not agree, please do not use our services.
        </p>
      </PolicySection>
      <PolicySection id="accounts" title="2. Accounts">
        <p>
          You may buy as a guest or create an account. You are responsible for keeping your password private and for the
          accuracy of the details you give us. Partner agents and administrators use separate accounts.
        </p>
      </PolicySection>
      <PolicySection id="orders" title="3. Orders and prices">
        <p>
          Prices are shown on each device and confirmed at checkout. An order is accepted once payment is confirmed; if
          a device is no longer available we cancel the order and refund you in full. We accept{' '}
          {POLICIES.paymentMethods.join(', ')}.
        </p>
      </PolicySection>
      <PolicySection id="delivery" title="4. Delivery">
        <p>
          We deliver only within {STORE.country}. Shipping prices and times are set out on our{' '}
          <Link to={paths.shipping}>Shipping</Link> page.
        </p>
      </PolicySection>
      <PolicySection id="returns" title="5. Returns, refunds and warranty">
        <p>
          You may return a device within {POLICIES.returnDays} days of delivery (see{' '}
          <Link to={paths.returns}>Returns</Link>). Devices carry a {POLICIES.deviceWarrantyMonths}-month warranty and
          repairs a {POLICIES.repairWarrantyDays}-day warranty (see <Link to={paths.warranty}>Warranty</Link>). These
          terms do not limit your rights under the Consumer Protection Act.
        </p>
      </PolicySection>
      <PolicySection id="selling" title="6. Selling your device">
        <p>
          When you submit a device for sale you confirm that you own it and may sell it. The instant quote is an
          estimate; our offer follows an inspection within {POLICIES.saleInspectionDays} business days. You may accept
          or decline the offer. Once you accept and the device is approved, we pay you within{' '}
          {POLICIES.salePaymentHours} hours. Stolen or blacklisted devices are refused and may be reported.
        </p>
      </PolicySection>
      <PolicySection id="repairs" title="7. Repairs">
        <p>
          Repair prices on our <Link to={paths.repairs}>Services</Link> page are ranges; we confirm the price before
          starting work. Most repairs take {POLICIES.repairDays} business days, complex ones up to{' '}
          {POLICIES.complexRepairDays}. Please back up your data before handing over a device.
        </p>
      </PolicySection>
      <PolicySection id="conduct" title="8. Acceptable use">
        <p>
          Do not misuse the site: no fraudulent orders, false trade-in details, attempts to access other people&apos;s
          accounts, or interference with the service.
        </p>
      </PolicySection>
      <PolicySection id="liability" title="9. Liability">
        <p>
          To the extent the law allows, {STORE.name} is not liable for indirect losses or for data left on a device.
          Nothing in these terms excludes liability that cannot be excluded by law.
        </p>
      </PolicySection>
      <PolicySection id="law" title="10. Governing law and changes">
        <p>
          These terms are governed by the laws of the Republic of {STORE.country}. We may update them; the date above
          shows the latest version. Read how we handle your information in our{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      </PolicySection>
      <HelpCallout title="Questions about these terms?" />
    </ContentPage>
  );
}
