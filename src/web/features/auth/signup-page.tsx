import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { SignUpForm } from './customer-forms';

export function Component() {
  usePageTitle();
  return (
    <AuthCard title="Sign Up" intro="Create your QuickBuy account." wide>
      <SignUpForm />
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
