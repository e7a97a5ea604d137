import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

/** The app's 404 content for a path the catalog cannot resolve (an unknown collection). */
export function CatalogNotFound() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
      <Link to={paths.home} className="mt-6 text-brand-600 underline hover:text-brand-700">
        Return to Home
      </Link>
    </div>
  );
}
