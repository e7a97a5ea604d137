import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard, TermsAndPrivacy } from './auth-card';
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
        By continuing you accept our <TermsAndPrivacy />.
      </p>
    </AuthCard>
  );
}
