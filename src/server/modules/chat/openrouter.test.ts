import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradeIns } from '../../db/schema';
import { insertDevices } from '../../../../tests/support/devices';
import { createTestApp, send, type TestApp } from '../../../../tests/support/test-app';
import { answerChat } from './answer';

/** A small OpenAI-compatible server on loopback; each test says how it behaves. */
interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: string }[];
  };
}

let behave: (res: ServerResponse) => void;
const seen: SeenRequest[] = [];
let server: Server;
let t: TestApp;

const reply = (content: unknown) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'cmpl-1', choices: [{ index: 0, message: { role: 'assistant', content } }] }));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      behave(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    OPENROUTER_API_KEY: 'sk-or-test-key',
    OPENROUTER_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
    OPENROUTER_MODEL: 'test/model-mini',
    // Long enough for a loaded CI machine to reach a local server, short enough for the late case.
    OPENROUTER_TIMEOUT_MS: '1500',
  });
  await t.db.insert(tradeIns).values({
    transactionNumber: 'TXN1763800000000777',
    customerName: 'Sipho Dlamini',
    customerEmail: 'sipho@example.co.za',
    customerPhone: '+27 83 333 4444',
    address: '3 Main Road, Observatory',
    deviceType: 'phone',
    brand: 'Samsung',
    model: 'Galaxy S20',
    isOwner: true,
    status: 'Device Assessed',
    estimatedValue: 5000,
  });
});

afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

let nextAddress = 0;
function ask(message: string, context?: string) {
  nextAddress += 1;
  return send(t.app, 'POST', '/api/chat', {
    body: context === undefined ? { message } : { message, context },
    headers: { 'x-forwarded-for': `10.30.0.${nextAddress}` },
  });
}

describe('POST /api/chat with the openrouter driver', () => {
  it("answers with the model's reply, sending the bearer key, the model, the system instruction and the message", async () => {
    behave = reply('  Returns are accepted within 14 days. See [Returns policy](/returns).  ');
    const res = await ask('What is your return policy?', 'User: hello\nAssistant: Hi!');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: 'Returns are accepted within 14 days. See [Returns policy](/returns).' });

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-or-test-key');
    expect(request!.body.model).toBe('test/model-mini');
    const [system, earlier, user] = request!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('You are the customer support assistant of QuickBuy');
    expect(system!.content).toContain('markdown links');
    for (const page of [
      '/buy',
      '/sell',
      '/repairs',
      '/track',
      '/contact',
      '/faq',
      '/warranty',
      '/returns',
      '/shipping',
    ]) {
      expect(system!.content).toContain(`- ${page}:`);
    }
    expect(system!.content).toContain('within 14 days');
    expect(earlier).toEqual({ role: 'user', content: 'Earlier in this conversation:\nUser: hello\nAssistant: Hi!' });
    expect(user).toEqual({ role: 'user', content: 'What is your return policy?' });
  });

  it('gives the model the live facts the built-in assistant found, without personal details', async () => {
    behave = reply('Your Galaxy S20 has been assessed.');
    const res = await ask('Any news on TXN1763800000000777?');
    expect(res.json().response).toBe('Your Galaxy S20 has been assessed.');
    const system = seen[0]!.body.messages[0]!.content;
    expect(system).toContain('Device sale TXN1763800000000777: Samsung Galaxy S20 (phone), status Device Assessed');
    for (const personal of ['Sipho', 'Dlamini', 'sipho@example.co.za', '+27 83 333 4444', 'Observatory']) {
      expect(JSON.stringify(seen[0]!.body)).not.toContain(personal);
    }
  });

  it('gives the model the named model first, priced as the cards are', async () => {
    const rows = await insertDevices(t.db, [
      { brand: 'Dell', model: 'XPS 13 9310', type: 'laptop', price: 23999 },
      { brand: 'Dell', model: 'Latitude 5420', type: 'laptop', price: 14999 },
    ]);
    behave = reply('Yes, the Dell XPS 13 is in stock.');
    const res = await ask('Is the Dell XPS 13 in stock?');
    expect(res.json().response).toBe('Yes, the Dell XPS 13 is in stock.');
    const system = seen[0]!.body.messages[0]!.content;
    expect(system).toContain(
      `Catalog search for Dell XPS 13:\n- Dell XPS 13 9310, ₦23,999, link /device/${rows[0]!.id}`,
    );
    expect(system).not.toContain('Latitude');
  });

  it('falls back to the built-in answer when the model does not answer in time', async () => {
    behave = (res) => {
      setTimeout(() => reply('too late')(res), 8000);
    };
    const started = Date.now();
    const res = await ask('What is your return policy?');
    expect(Date.now() - started).toBeLessThan(6000);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toContain('[Returns policy](/returns)');
    expect(res.json().response).toContain('within 14 days');
    expect(seen).toHaveLength(1);
  });

  it('falls back to the built-in answer when the model answers 500', async () => {
    behave = (res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'upstream exploded' } }));
    };
    const res = await ask('What are your shipping details?');
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toContain('R99 on orders under R500');
    expect(res.json().response).not.toContain('exploded');
    expect(seen).toHaveLength(1);
  });

  it('falls back to the built-in answer when the model answers with nothing', async () => {
    for (const content of ['   ', null]) {
      behave = reply(content);
      const res = await ask('What is your contact info?');
      expect(res.json().response).toContain('support@quickbuy.co.za');
    }
  });

  it('falls back to the built-in answer when the model replies with something that is not JSON', async () => {
    behave = (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>gateway</html>');
    };
    const res = await ask('What is your contact info?');
    expect(res.json().response).toContain('[Contact page](/contact)');
  });

  it("passes the model's text on as markdown, untouched, for the web to render without HTML", async () => {
    behave = reply('Click [here](javascript:alert(1)) <script>alert(1)</script>');
    const res = await ask('hello');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().response).toBe('Click [here](javascript:alert(1)) <script>alert(1)</script>');
  });

  it('logs the failure as a warning naming the reason', async () => {
    behave = (res) => {
      res.writeHead(503);
      res.end('{}');
    };
    const warnings: { object: object; message: string }[] = [];
    const result = await answerChat({
      db: t.db,
      config: t.config,
      message: 'What is your return policy?',
      log: { warn: (object, message) => warnings.push({ object, message }) },
    });
    expect(result.response).toContain('(/returns)');
    expect(warnings).toEqual([
      { object: { reason: 'status 503' }, message: 'chat model failed; built-in answer used' },
    ]);
  });
});
