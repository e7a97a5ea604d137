import { CreditCard, MapPin, Package, ShieldCheck, UserRound, Wrench } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../components/empty-state';
import { profileTab } from '../../components/profile/profile-tab';
import { RolePage } from '../../components/role-page';
import { TabbedPage } from '../../components/tabbed-page';
import { AddressesTab } from './addresses-tab';
import { OrdersTab } from './orders-tab';
import { PaymentTab } from './payment-tab';
import { PrivacyTab } from './privacy-tab';
import { RepairsTab } from './repairs-tab';
import { TradeInsSection } from './trade-ins-section';
import { StoreTimeNote } from '../../components/store-time-note';

const PLEASE_LOGIN = (
  <EmptyState look="page" icon={UserRound} title="Please Login" action={{ to: paths.auth, label: 'Sign In' }}>
    Sign in to see your profile, payment details, orders, trade-ins, repairs and addresses.
  </EmptyState>
);

const TABS = [
  profileTab,
  { value: 'payment', label: 'Payment', icon: CreditCard, content: <PaymentTab /> },
  {
    value: 'orders',
    label: 'Orders',
    icon: Package,
    content: (
      <>
        <OrdersTab />
        <TradeInsSection />
        <StoreTimeNote className="mt-6" />
      </>
    ),
  },
  {
    value: 'repairs',
    label: 'Repairs',
    icon: Wrench,
    content: (
      <>
        <RepairsTab />
        <StoreTimeNote className="mt-6" />
      </>
    ),
  },
  { value: 'addresses', label: 'Addresses', icon: MapPin, content: <AddressesTab /> },
  { value: 'privacy', label: 'Privacy', icon: ShieldCheck, content: <PrivacyTab /> },
];

export function Component() {
  return (
    <RolePage allowed="customer" denied={PLEASE_LOGIN}>
      {(customer) => (
        <TabbedPage
          title="My Account"
          subtitle={`${customer.firstName} ${customer.lastName} · ${customer.email}`}
          className="mx-auto max-w-4xl px-4 py-10 sm:py-14"
          tabs={TABS}
          urlParam="tab"
        />
      )}
    </RolePage>
  );
}
