import { STORE } from '../../shared/store';
import { escapeHtml } from './html';

// The one look of the store's emails: every module's email is its own words inside this frame.

/** The store's line at the foot of an email. */
export const EMAIL_FOOTER = `${STORE.name} · ${STORE.address} · ${STORE.email} · ${STORE.phone}`;

/** An email's HTML: the store's font and width around `body` (HTML lines the caller escaped), the footer last. */
export const emailHtml = (body: string[], footer = EMAIL_FOOTER) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:0 auto">
${body.join('\n')}
<p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;

export const headingHtml = (heading: string) => `<h1 style="font-size:22px">${escapeHtml(heading)}</h1>`;

/** Paragraphs of plain text, one `<p>` each. */
export const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');

/** A link on a line of its own. */
export const linkHtml = (label: string, href: string) =>
  `<p><a href="${escapeHtml(href)}" style="color:#2563eb">${escapeHtml(label)}</a></p>`;

/**
 * An email's text and HTML from one heading and its paragraphs, then what follows them in each form
 * (lists, links), so the two never disagree; the footer closes both.
 */
export function headedEmail(heading: string, paragraphs: string[], after: { text: string[]; html: string[] }) {
  return {
    text: [heading, '', ...paragraphs.flatMap((p) => [p, '']), ...after.text, '', EMAIL_FOOTER].join('\n'),
    html: emailHtml([headingHtml(heading), paragraphsHtml(paragraphs), ...after.html]),
  };
}
