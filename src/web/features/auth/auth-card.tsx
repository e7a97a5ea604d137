import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { usePageTitle } from '../../lib/use-page-title';

/** The centred card every sign-in screen sits in. */
export function AuthCard({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-16">
      <div
        className={`mx-auto ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}
      >
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="mt-2 text-sm text-slate-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** A sentence in place of a form: what happened (status) or why it cannot be used (alert). */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  return tone === 'error' ? (
    <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
      {children}
    </p>
  );
}

/** The way back to the sign-in tabs under a password screen. */
export function BackToSignIn({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={paths.auth} className="font-medium text-brand-700 hover:underline">
        {children}
      </Link>
    </p>
  );
}

/**
 * The card of a page an emailed link opens (reset, sign-up, a new email): the link's `?token=` goes to the
 * form `children` makes, a link without one reads `invalid`, and the way back to sign in closes it. A form
 * that has done what its link was for calls `done` with the server's message, which then stands in its place.
 */
export function EmailedLinkCard({
  title,
  intro,
  invalid,
  children,
}: {
  title: string;
  intro: ReactNode;
  invalid: string;
  children: (token: string, done: (message: string) => void) => ReactNode;
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  return (
    <AuthCard title={title} intro={intro}>
      {!token ? (
        <Notice tone="error">{invalid}</Notice>
      ) : doneMessage ? (
        <Notice>{doneMessage}</Notice>
      ) : (
        children(token, setDoneMessage)
      )}
      <BackToSignIn>Go to sign in</BackToSignIn>
    </AuthCard>
  );
}

/**
 * The page of an emailed link whose form, once sent, leaves the server's message in its place (a password
 * reset, a new email): an EmailedLinkCard around `Form`, which gets the link's token and `onDone`.
 */
export function emailedLinkPage(
  Form: ComponentType<{ token: string; onDone: (message: string) => void }>,
  card: { title: string; intro: ReactNode; invalid: string },
) {
  return function Component() {
    usePageTitle();
    return <EmailedLinkCard {...card}>{(token, done) => <Form token={token} onDone={done} />}</EmailedLinkCard>;
  };
}

/**
 * 'Terms of Service and Privacy Policy', each a link, in the sentences of the sign-up screens: underlined,
 * as a link inside a sentence must be told apart by more than its colour.
 */
const linkClassName = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

export function TermsAndPrivacy() {
  return (
    <>
      <Link to={paths.terms} className={linkClassName}>
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to={paths.privacy} className={linkClassName}>
        Privacy Policy
      </Link>
    </>
  );
}
