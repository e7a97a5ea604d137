import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { SignInForm, SignUpForm } from './customer-forms';

export function Component() {
  usePageTitle();
  return (
    <AuthCard title="Welcome to QuickBuy" intro="Sign in to your account or create a new one." wide>
      <Tabs defaultValue="signin">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm />
        </TabsContent>
      </Tabs>
      <p className="mt-6 text-center text-xs text-slate-500">
        By continuing you accept our{' '}
        <Link to={paths.terms} className="text-brand-700 hover:underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to={paths.privacy} className="text-brand-700 hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    </AuthCard>
  );
}
