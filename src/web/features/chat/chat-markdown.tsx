import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** Where a link in a reply may go: our own pages, the web over http(s), or nowhere. */
export function linkKind(href: string | undefined): 'internal' | 'external' | 'none' {
  if (!href) return 'none';
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return 'internal';
  if (/^https?:\/\/[^\s]/i.test(href)) return 'external';
  return 'none';
}

/**
 * Links in a reply: our pages (/...) open in this tab through the router; http(s) opens a new tab
 * without handing over the opener; any other scheme (javascript:, data:, mailto:...) stays plain text.
 */
function ChatLink({ href, children }: { href?: string; children?: ReactNode }) {
  const kind = linkKind(href);
  if (kind === 'internal') {
    return (
      <Link to={href!} className={linkClass}>
        {children}
      </Link>
    );
  }
  if (kind === 'external') {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {children}
      </a>
    );
  }
  return <span>{children}</span>;
}

const components: Components = {
  a: ({ href, children }) => <ChatLink href={href}>{children}</ChatLink>,
  // No images from a reply (a model could point one anywhere): its alt text is enough.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  p: ({ children }) => <p className="my-1 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-1 list-disc space-y-0.5 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1 list-decimal space-y-0.5 pl-5">{children}</ol>,
  h1: ({ children }) => <p className="my-1 font-semibold">{children}</p>,
  h2: ({ children }) => <p className="my-1 font-semibold">{children}</p>,
  h3: ({ children }) => <p className="my-1 font-semibold">{children}</p>,
  code: ({ children }) => <code className="rounded bg-slate-200 px-1 text-[0.85em]">{children}</code>,
  pre: ({ children }) => <pre className="my-1 overflow-x-auto rounded bg-slate-200 p-2 text-xs">{children}</pre>,
};

/** A bot reply: markdown, never raw HTML. */
export function ChatMarkdown({ text }: { text: string }) {
  return (
    <Markdown skipHtml components={components}>
      {text}
    </Markdown>
  );
}
