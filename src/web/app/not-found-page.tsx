import { Home, Search } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { usePageTitle } from '../lib/use-page-title';

export function Component() {
  usePageTitle('Page not found | QuickBuy');
  return (
    <main className="relative isolate overflow-hidden">
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
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={paths.home}
            className="inline-flex h-11 items-center gap-2 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            <Home className="size-4" aria-hidden="true" />
            Return to Home
          </Link>
          <Link
            to={paths.buy}
            className="inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            <Search className="size-4" aria-hidden="true" />
            Browse devices
          </Link>
        </div>
      </div>
    </main>
  );
}
