import { LayoutDashboard, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePageTitle } from '../../lib/use-page-title';
import { PasswordForm } from '../account/password-form';
import { ProfileEditor } from '../account/profile-editor';
import { useSession } from '../auth/use-session';

const panel = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

export function Component() {
  usePageTitle();
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-16">
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      </main>
    );
  }
  if (user?.role !== 'agent') {
    return (
      <main className="mx-auto max-w-md px-4 py-16 text-center">
        <p className="text-lg text-slate-700">Please log in as an agent to access the dashboard.</p>
        <Link to={paths.agentLogin} className="mt-4 inline-block font-medium text-brand-700 hover:underline">
          Go to the partner portal
        </Link>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Welcome, {user.name}</h1>
      <p className="mt-1 text-slate-600">Agent Dashboard</p>
      <Tabs defaultValue="dashboard" className="mt-8">
        <TabsList>
          <TabsTrigger value="dashboard">
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Dashboard
          </TabsTrigger>
          <TabsTrigger value="profile">
            <UserRound className="size-4" aria-hidden="true" />
            Profile
          </TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard" className={panel}>
          <h2 className="text-xl font-semibold text-slate-900">Assigned Assessments</h2>
          <p className="mt-2 text-slate-600">Your assigned assessments will be listed here next.</p>
        </TabsContent>
        <TabsContent value="profile" className="space-y-6">
          <section aria-label="Profile" className={panel}>
            <ProfileEditor />
          </section>
          <section className={panel}>
            <PasswordForm />
          </section>
        </TabsContent>
      </Tabs>
    </main>
  );
}
