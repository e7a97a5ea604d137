// The e2e server's mail: an SMTP server on loopback that keeps every email the store delivers, and
// a small HTTP reader of them (GET /messages?to=address), so a browser test follows an emailed link
// (a sign-up's, a reset's) as its recipient would, while the admin's outbox still withholds secrets.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** The body of a quoted-printable MIME message as text: soft line breaks joined, =XX decoded. */
const decoded = (raw) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export async function startMailbox({ httpPort, host = '127.0.0.1' }) {
  const messages = [];
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ to, text: decoded(Buffer.concat(chunks).toString('latin1')), receivedAt: Date.now() });
        done();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, host, resolve));
  const reader = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`);
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(url.pathname === '/messages' ? messages.filter((m) => m.to.includes(to)) : []));
  });
  await new Promise((resolve) => reader.listen(httpPort, host, resolve));
  return {
    smtpUrl: `smtp://${host}:${smtp.server.address().port}`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => reader.close(r))]),
  };
}
