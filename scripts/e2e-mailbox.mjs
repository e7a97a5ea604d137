// The inbox of every address the browser tests write to: a real SMTP server the store delivers its
// outbox to (SMTP_URL), and a small HTTP reader for the specs (tests/e2e/mailbox.ts), so a story can
// open a link from an email as its recipient would. Test-only: it lives beside the e2e server.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** A part's body as its sender meant it: quoted-printable or base64 undone. */
function decodeBody(headers, body) {
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const joined = body.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text/plain part of a raw message (walking multipart ones), decoded. */
function plainText(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!/^Content-Type:\s*multipart\//im.test(headers) || !boundary) {
    return /^Content-Type:\s*text\/plain/im.test(headers) || !/^Content-Type:/im.test(headers)
      ? decodeBody(headers, body)
      : null;
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    const text = plainText(part.replace(/^\r?\n/, ''));
    if (text !== null) return text;
  }
  return null;
}

export async function startMailbox({ smtpPort, httpPort, host = '127.0.0.1' }) {
  const messages = [];
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: /^Subject: (.*)$/im.exec(raw)?.[1] ?? '',
          text: plainText(raw) ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, host, resolve));

  // GET /messages?to=address: what that address received, oldest first.
  const reader = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`);
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages.filter((m) => m.to.includes(to))));
  });
  await new Promise((resolve) => reader.listen(httpPort, host, resolve));

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => reader.close(r))]),
  };
}
