// First: zod's settings, before any module builds a schema.
import './lib/zod-jitless';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { PAGE_STATE_ID, type PageState } from './app/hydration';
import { startPages } from './app/router';
import { startSession } from './lib/use-session';
import './styles.css';

const container = document.getElementById('root')!;
const pageState = document.getElementById(PAGE_STATE_ID)?.textContent;
// The server rendered this page when it sent its state along (docs/decisions/032); otherwise it sent the shell.
const hydrating = pageState !== undefined;
const { anonymous, data } = hydrating ? (JSON.parse(pageState) as PageState) : { anonymous: false, data: null };
startSession({ anonymous });

// No top-level await: page chunks import from this entry, which must finish first.
void startPages(hydrating ? { data } : undefined).then((pages) => {
  const app = <App pages={pages} anonymous={anonymous} />;
  // A page that does not match the server's HTML is rendered again by the browser; say so (the e2e suite watches).
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of holding
  // the main thread for the whole page in one task (the page is on screen already; docs/decisions/036).
  if (hydrating)
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (error) => console.error('Hydration failed:', error) });
    });
  else createRoot(container).render(app);
});
