import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

export function Logo({ onDark = false }: { onDark?: boolean }) {
  return (
    <Link
      to={paths.home}
      className="group inline-flex items-center gap-2 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
    >
      <span
        aria-hidden="true"
        className="grid size-9 place-items-center rounded-xl bg-gradient-to-br from-brand-600 to-indigo-500 text-lg font-extrabold text-white shadow-sm transition-transform group-hover:scale-105"
      >
        Q
      </span>
      <span className={`text-xl font-bold tracking-tight ${onDark ? 'text-white' : 'text-slate-900'}`}>
        Quick<span className={onDark ? 'text-brand-100' : 'text-brand-600'}>Buy</span>
        <span className="sr-only"> home</span>
      </span>
    </Link>
  );
}
