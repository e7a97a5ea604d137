import { CreditCard, MapPin, Package, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { profileTab } from '../../components/profile/profile-tab';
import { RolePage } from '../../components/role-page';
import { TabbedPage } from '../../components/tabbed-page';
import { buttonClass } from '../../components/ui/button';
import { usePageTitle } from '../../lib/use-page-title';
import { AddressesTab } from './addresses-tab';
import { OrdersTab } from './orders-tab';
import { PaymentTab } from './payment-tab';

const PLEASE_LOGIN = (
  <main className="mx-auto max-w-md px-4 py-16 text-center">
    <UserRound className="mx-auto size-12 text-slate-400" aria-hidden="true" />
    <h1 className="mt-4 text-2xl font-bold text-slate-900">Please Login</h1>
    <p className="mt-2 text-slate-600">Sign in to see your profile, payment details, orders and addresses.</p>
    <Link to={paths.auth} className={buttonClass('primary', 'lg', 'mt-6')}>
      Sign In
    </Link>
  </main>
);

const TABS = [
  profileTab,
  { value: 'payment', label: 'Payment', icon: CreditCard, content: <PaymentTab /> },
  { value: 'orders', label: 'Orders', icon: Package, content: <OrdersTab /> },
  { value: 'addresses', label: 'Addresses', icon: MapPin, content: <AddressesTab /> },
];

export function Component() {
  usePageTitle();
  return (
    <RolePage allowed="customer" denied={PLEASE_LOGIN}>
      {(customer) => (
        <TabbedPage
          title="My Account"
          subtitle={`${customer.firstName} ${customer.lastName} · ${customer.email}`}
          className="mx-auto max-w-4xl px-4 py-10 sm:py-14"
          tabs={TABS}
        />
      )}
    </RolePage>
  );
}
