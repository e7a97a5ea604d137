import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { SignUpForm } from './customer-forms';
import { FinishSignUp } from './finish-sign-up';

export function Component() {
  usePageTitle();
  // The link a sign-up emails opens this page with its token: the sign-up is finished here.
  const [params] = useSearchParams();
  if (params.has('token')) return <FinishSignUp />;
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
