import { UserRound } from 'lucide-react';
import { panelClass, type PageTab } from '../tabbed-page';
import { PasswordForm } from './password-form';
import { ProfileEditor } from './profile-editor';

/** The Profile tab every signed-in role's page has: name, email and picture, then the password. */
export const profileTab: PageTab = {
  value: 'profile',
  label: 'Profile',
  icon: UserRound,
  panel: false,
  content: (
    <>
      <section aria-label="Profile" className={panelClass}>
        <ProfileEditor />
      </section>
      <section className={panelClass}>
        <PasswordForm />
      </section>
    </>
  ),
};
