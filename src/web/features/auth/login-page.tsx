import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { SignInForm } from './customer-forms';

export function Component() {
  usePageTitle();
  return (
    <AuthCard title="Sign In" intro="Welcome back to QuickBuy.">
      <SignInForm />
      <p className="mt-6 text-center text-sm text-slate-600">
        New to QuickBuy?{' '}
        <Link to={paths.signup} className="font-medium text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
