import { CreditCard, MapPin, Package, UserRound, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { buttonClass } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/use-session';
import { AddressesTab } from './addresses-tab';
import { OrdersTab } from './orders-tab';
import { TradeInsSection } from './trade-ins-section';
import { PasswordForm } from './password-form';
import { PaymentTab } from './payment-tab';
import { ProfileEditor } from './profile-editor';
import { RepairsTab } from './repairs-tab';

const panel = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

export function Component() {
  usePageTitle();
  const { user, isLoading } = useSession();

  if (isLoading) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-16">
        <p className="text-slate-600">Loading...</p>
      </main>
    );
  }

  if (!user || user.role !== 'customer') {
    return (
      <main className="mx-auto max-w-md px-4 py-16 text-center">
        <UserRound className="mx-auto size-12 text-slate-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Please Login</h1>
        <p className="mt-2 text-slate-600">Sign in to see your profile, payment details, orders and addresses.</p>
        <Link to={paths.auth} className={buttonClass('primary', 'lg', 'mt-6')}>
          Sign In
        </Link>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">My Account</h1>
      <p className="mt-1 text-slate-600">
        {user.firstName} {user.lastName} · {user.email}
      </p>
      <Tabs defaultValue="profile" className="mt-8">
        <TabsList>
          <TabsTrigger value="profile">
            <UserRound className="size-4" aria-hidden="true" />
            Profile
          </TabsTrigger>
          <TabsTrigger value="payment">
            <CreditCard className="size-4" aria-hidden="true" />
            Payment
          </TabsTrigger>
          <TabsTrigger value="orders">
            <Package className="size-4" aria-hidden="true" />
            Orders
          </TabsTrigger>
          <TabsTrigger value="repairs">
            <Wrench className="size-4" aria-hidden="true" />
            Repairs
          </TabsTrigger>
          <TabsTrigger value="addresses">
            <MapPin className="size-4" aria-hidden="true" />
            Addresses
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="space-y-6">
          <section aria-label="Profile" className={panel}>
            <ProfileEditor />
          </section>
          <section className={panel}>
            <PasswordForm />
          </section>
        </TabsContent>
        <TabsContent value="payment" className={panel}>
          <PaymentTab />
        </TabsContent>
        <TabsContent value="orders" className={panel}>
          <OrdersTab />
          <TradeInsSection />
        </TabsContent>
        <TabsContent value="repairs" className={panel}>
          <RepairsTab />
        </TabsContent>
        <TabsContent value="addresses" className={panel}>
          <AddressesTab />
        </TabsContent>
      </Tabs>
    </main>
  );
}
