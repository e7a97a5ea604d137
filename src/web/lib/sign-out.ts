import { api } from './api';

/**
 * Ends the session on the server; the caller forgets it here (setSession(null)). A module of its own:
 * the Logout buttons and the portal load it with their code, never with a page's first load.
 */
export const signOut = () => api.post('/api/auth/signout');
