import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { setSession } from '../../lib/use-session';

/** After a sign-in or sign-up: the header learns of the session at once, then the app moves on. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: SessionUser, to: string) => {
    setSession(user);
    // Account data of whoever was signed in before is not theirs.
    queryClient.removeQueries({ queryKey: ['account'] });
    void navigate(to);
  };
}
