import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { SocialLinks } from './social-icons';

const PANEL_ID = 'follow-us-links';

/** The collapsible 'FOLLOW US' side bar, fixed on the left on large screens only. */
export function FollowUsBar() {
  // Starts collapsed: open, it would cover the page's left edge on a 1280px screen.
  const [open, setOpen] = useState(false);
  return (
    <aside
      aria-label="Follow us"
      className="fixed top-1/2 left-0 z-30 hidden -translate-y-1/2 items-center overflow-hidden rounded-r-2xl bg-slate-900 text-white shadow-lg lg:flex"
    >
      {open && (
        <SocialLinks
          id={PANEL_ID}
          className="flex flex-col gap-1 py-2 pl-2"
          linkClassName="grid size-9 place-items-center rounded-full text-slate-300 transition-colors hover:bg-brand-600 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        />
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((value) => !value)}
        className="flex flex-col items-center gap-2 px-2 py-3 text-[11px] font-semibold tracking-[0.2em] hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-inset"
      >
        <span className="[writing-mode:vertical-rl] rotate-180">FOLLOW US</span>
        {open ? (
          <ChevronLeft className="size-4" aria-hidden="true" />
        ) : (
          <ChevronRight className="size-4" aria-hidden="true" />
        )}
      </button>
    </aside>
  );
}
