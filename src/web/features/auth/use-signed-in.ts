import { useNavigate } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { useForgetAccount } from '../../lib/account-reads';
import { setSession } from '../../lib/use-session';

/** After a sign-in or sign-up: the header learns of the session at once, then the app moves on. */
export function useSignedIn() {
  const forgetAccount = useForgetAccount();
  const navigate = useNavigate();
  return (user: SessionUser, to: string) => {
    setSession(user);
    forgetAccount();
    void navigate(to);
  };
}
