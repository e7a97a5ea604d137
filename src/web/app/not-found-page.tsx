import { Home, Search } from 'lucide-react';
import { paths } from '../../shared/paths';
import { CtaLinks } from '../components/ui/cta-link';
import { usePageTitle } from '../lib/use-page-title';

export function Component() {
  usePageTitle('Page not found | QuickBuy');
  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-80 bg-gradient-to-b from-brand-50 to-transparent"
      />
      <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
        <p className="bg-gradient-to-br from-brand-600 to-indigo-500 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Oops! Page not found</h1>
        <p className="mt-4 text-lg text-slate-600">The page you are looking for does not exist or has moved.</p>
        <CtaLinks
          className="mt-8"
          links={[
            { to: paths.home, tone: 'primary', icon: Home, label: 'Return to Home' },
            { to: paths.buy, tone: 'outline', icon: Search, label: 'Browse devices' },
          ]}
        />
      </div>
    </div>
  );
}
