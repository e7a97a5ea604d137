import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QUERY_STATE_ID } from './app/hydration';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import './styles.css';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const queryState = document.getElementById(QUERY_STATE_ID)?.textContent;
// The server rendered this page when it sent its data along (docs/decisions/032); otherwise it sent the shell.
const hydrating = Boolean(queryState && window.__staticRouterHydrationData);

if (hydrating) {
  const state = JSON.parse(queryState!) as DehydratedState;
  // The data is as fresh as the page that carried it: no refetch on the first render.
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}
// No top-level await: page chunks import from this entry, which must finish first.
void createAppRouter(queryClient, { hydrating }).then((router) => {
  const app = <App queryClient={queryClient} router={router} />;
  // A page that does not match the server's HTML is rendered again by the browser; say so (the e2e suite watches).
  if (hydrating)
    hydrateRoot(container, app, { onRecoverableError: (error) => console.error('Hydration failed:', error) });
  else createRoot(container).render(app);
});
