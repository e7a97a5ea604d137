import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ChatSlot } from './chat-slot';
import { frameIsLive, hydrateLater } from './hydrate-later';
import { NavigationProgress } from './navigation-progress';
import { SiteHeader } from './site-header';
import { TopBanner } from './top-banner';

const SiteFooter = hydrateLater(() => import('./site-footer').then((module) => module.SiteFooter));
const FollowUsBar = hydrateLater(() => import('./follow-us-bar').then((module) => module.FollowUsBar));

/**
 * The frame of every page: free-delivery banner, header (mega menu, mobile menu), footer,
 * FOLLOW US bar and the chat launcher. The frame holds the page's one <main> (the skip link's target),
 * so no page can leave it out or add a second: pages render plain blocks in it (docs/decisions/057).
 * Everything else of the frame sits in a landmark too. Kept light: this code is on every page's first
 * load (no zod, no markdown, no dialogs).
 */
export function RootLayout() {
  useEffect(frameIsLive, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only z-[70] rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <TopBanner />
      <SiteHeader />
      <main id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <FollowUsBar />
      <ChatSlot />
    </div>
  );
}
