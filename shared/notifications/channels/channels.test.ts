import { promises as fs } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { NotificationConfig } from '../../config/platform.config';
import { createLogger } from '../../logging/logger';
import type { NotificationChannel } from '../notification.types';
import { ChannelSendError, type OutgoingMessage } from './channel.port';
import { closeChannelAdapters, createChannelAdapters } from './channel.factory';
import { HttpMessageChannel } from './http-message.channel';
import { readSink, SinkChannel } from './sink.channel';
import { SmtpEmailChannel } from './smtp-email.channel';

const MAIL_FROM = 'Safiri <no-reply@safiri.example>';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TICKET_PDF = { filename: 'ticket-ABC123.pdf', contentType: 'application/pdf', content: PDF };

function message(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    channel: 'EMAIL',
    to: 'amina@example.com',
    subject: 'Your ticket ABC123',
    text: 'Safe travels, Amina.',
    html: '<p>Safe travels, Amina.</p>',
    attachments: [TICKET_PDF],
    idempotencyKey: 'flight-42-ticket-buyer-email',
    ...overrides,
  };
}

/** The error a promise rejects with; fails the test if it resolves. */
async function failure(promise: Promise<unknown>): Promise<ChannelSendError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ChannelSendError)) throw new Error(`expected a ChannelSendError, got ${String(outcome)}`);
  return outcome;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let tmp: string;
beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'safiri-channels-'));
});
afterEach(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('SinkChannel', () => {
  const sink = (channel: NotificationChannel) => new SinkChannel(channel, { sinkDir: tmp, mailFrom: MAIL_FROM });

  it('writes email as an .eml file with subject, recipient, Message-ID and the PDF attachment', async () => {
    const receipt = await sink('EMAIL').send(message());
    expect(receipt.providerMessageId).toBe('sink-flight-42-ticket-buyer-email');

    const files = await fs.readdir(path.join(tmp, 'email'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(tmp, 'email', files[0]), 'utf8');
    expect(eml).toMatch(/^Subject: Your ticket ABC123\r$/m);
    expect(eml).toMatch(/^To: amina@example\.com\r$/m);
    expect(eml).toMatch(/^From: Safiri <no-reply@safiri\.example>\r$/m);
    expect(eml).toMatch(/^Message-ID: <flight-42-ticket-buyer-email@safiri\.notifications>\r$/m);
    expect(eml).toMatch(/Content-Type: application\/pdf; name=ticket-ABC123\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=ticket-ABC123\.pdf/);
    expect(eml.replace(/\r\n/g, '')).toContain(PDF.toString('base64'));
  });

  it('writes SMS as JSON with the attachment size, not its bytes', async () => {
    await sink('SMS').send(message({ channel: 'SMS', to: '+255712345678', subject: undefined, html: undefined, idempotencyKey: 'k-sms' }));
    const [entry] = await readSink(tmp, 'SMS');
    expect(JSON.parse(entry.content)).toEqual({
      channel: 'SMS',
      to: '+255712345678',
      text: 'Safe travels, Amina.',
      attachments: [{ filename: 'ticket-ABC123.pdf', contentType: 'application/pdf', bytes: PDF.length }],
      idempotencyKey: 'k-sms',
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(path.dirname(entry.file)).toBe(path.join(tmp, 'sms'));
  });

  it('delivers a key once when it is sent twice, one after the other', async () => {
    const channel = sink('EMAIL');
    const first = await channel.send(message());
    const second = await channel.send(message({ subject: 'A different subject' }));
    expect(second).toEqual(first);
    const entries = await readSink(tmp, 'EMAIL');
    expect(entries).toHaveLength(1);
    expect(entries[0].content).toContain('Subject: Your ticket ABC123');
  });

  it('delivers a key once when sends race', async () => {
    const channel = sink('WHATSAPP');
    const texts = Array.from({ length: 8 }, (_, i) => `attempt ${i} `.repeat(500 * (i + 1)));
    const receipts = await Promise.all(
      texts.map((text) => channel.send(message({ channel: 'WHATSAPP', to: '+254700000001', text, idempotencyKey: 'race-key' }))),
    );
    expect(new Set(receipts.map((r) => r.providerMessageId))).toEqual(new Set(['sink-race-key']));
    expect(await fs.readdir(path.join(tmp, 'whatsapp'))).toHaveLength(1);
    // One whole message, never a mix of two writes.
    const [entry] = await readSink(tmp, 'WHATSAPP');
    expect(texts).toContain((JSON.parse(entry.content) as { text: string }).text);
  });

  it('keeps keys apart that sanitise to the same name', async () => {
    const channel = sink('PUSH');
    await channel.send(message({ channel: 'PUSH', to: 'device-token-1', idempotencyKey: 'booking:1/ticket' }));
    await channel.send(message({ channel: 'PUSH', to: 'device-token-1', idempotencyKey: 'booking_1_ticket' }));
    const keys = (await readSink(tmp, 'PUSH')).map((e) => e.key).sort();
    expect(keys).toEqual(['booking:1/ticket', 'booking_1_ticket']);
  });

  it.each<[NotificationChannel, string]>([
    ['EMAIL', 'someone@reject.sandbox'],
    ['SMS', '+255712340400'],
    ['WHATSAPP', '+255712340400'],
    ['PUSH', 'reject-device-1'],
  ])('rejects %s recipient %s permanently and writes nothing', async (channel, to) => {
    const error = await failure(sink(channel).send(message({ channel, to })));
    expect(error.permanent).toBe(true);
    expect(error.message).toBe('recipient rejected by sandbox provider');
    expect(await readSink(tmp, channel)).toEqual([]);
  });

  it.each<[NotificationChannel, string]>([
    ['EMAIL', 'Amina <amina@flaky.sandbox>'],
    ['SMS', '+255712340503'],
    ['WHATSAPP', '+255712340503'],
    ['PUSH', 'flaky-device-1'],
  ])('fails the first %s send to %s transiently, then delivers once', async (channel, to) => {
    const adapter = sink(channel);
    const first = await failure(adapter.send(message({ channel, to })));
    expect(first.permanent).toBe(false);
    expect(await readSink(tmp, channel)).toEqual([]);

    const receipt = await adapter.send(message({ channel, to }));
    expect(receipt.providerMessageId).toBe('sink-flight-42-ticket-buyer-email');
    await adapter.send(message({ channel, to }));
    expect(await readSink(tmp, channel)).toHaveLength(1);
    // A different key gets its own first failure.
    expect((await failure(adapter.send(message({ channel, to, idempotencyKey: 'other-key' })))).permanent).toBe(false);
  });

  it('does not trigger on look-alike recipients', async () => {
    await sink('EMAIL').send(message({ to: 'reject.sandbox@example.com' }));
    await sink('SMS').send(message({ channel: 'SMS', to: '+255704001234' }));
    await sink('PUSH').send(message({ channel: 'PUSH', to: 'device-reject-1' }));
    expect(await readSink(tmp, 'EMAIL')).toHaveLength(1);
    expect(await readSink(tmp, 'SMS')).toHaveLength(1);
    expect(await readSink(tmp, 'PUSH')).toHaveLength(1);
  });

  it('readSink lists messages with their keys and leaves out markers and temp files', async () => {
    const email = sink('EMAIL');
    await failure(email.send(message({ to: 'x@flaky.sandbox', idempotencyKey: 'flaky-key' })));
    await email.send(message({ idempotencyKey: 'booking:7:TICKET:buyer' }));
    const longKey = `booking:${'9'.repeat(120)}:TICKET:passenger:2`;
    await email.send(message({ idempotencyKey: longKey }));
    await fs.writeFile(path.join(tmp, 'email', '.half-written.1234.tmp'), 'partial');

    const names = await fs.readdir(path.join(tmp, 'email'));
    expect(names.some((n) => n.endsWith('.attempted'))).toBe(true);
    const entries = await readSink(tmp, 'EMAIL');
    expect(entries.map((e) => e.key).sort()).toEqual(['booking:7:TICKET:buyer', longKey].sort());
    expect(entries[0].file.endsWith('.eml')).toBe(true);
    expect(entries[0].content).toContain('Subject: Your ticket ABC123');
    expect(await readSink(tmp, 'SMS')).toEqual([]);
  });
});

describe('HttpMessageChannel', () => {
  const TOKEN = 'sk_live_very-secret-token';
  interface Received {
    url: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }
  let server: http.Server;
  let base: string;
  let received: Received[];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const json = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        switch (req.url) {
          case '/created':
            return json(201, { id: 'prov-123', status: 'queued' });
          case '/message-id':
            return json(202, { messageId: 'wamid.456' });
          case '/no-id':
            res.writeHead(204);
            return res.end();
          case '/bad-request':
            // A provider that echoes the request, token included.
            return json(400, { error: `invalid recipient; request had ${req.headers.authorization}` });
          case '/long-error':
            return json(422, { message: 'x'.repeat(1000) });
          case '/html-404':
            res.writeHead(404, { 'content-type': 'text/html' });
            return res.end('<html>Not Found</html>');
          case '/unavailable':
            return json(503, { error: 'maintenance' });
          case '/rate-limited':
            return json(429, { error: 'slow down' });
          case '/hang':
            return;
          default:
            return json(500, { error: 'unexpected path' });
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  beforeEach(() => {
    received = [];
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const channel = (pathname: string, token: string | null = TOKEN, timeoutMs = 5_000) =>
    new HttpMessageChannel('SMS', { url: `${base}${pathname}`, token }, timeoutMs);
  const sms = (overrides: Partial<OutgoingMessage> = {}) =>
    message({ channel: 'SMS', to: '+255712345678', subject: undefined, html: undefined, idempotencyKey: 'k-http-1', ...overrides });

  it('posts JSON with the idempotency key, bearer token and base64 attachment, and returns the provider id', async () => {
    const receipt = await channel('/created').send(sms());
    expect(receipt).toEqual({ providerMessageId: 'prov-123' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['idempotency-key']).toBe('k-http-1');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(request.body)).toEqual({
      channel: 'SMS',
      to: '+255712345678',
      text: 'Safe travels, Amina.',
      attachments: [{ filename: 'ticket-ABC123.pdf', contentType: 'application/pdf', contentBase64: PDF.toString('base64') }],
    });
  });

  it('sends no Authorization header without a token, and the push title from the subject', async () => {
    const push = new HttpMessageChannel('PUSH', { url: `${base}/message-id`, token: null }, 5_000);
    const receipt = await push.send(message({ channel: 'PUSH', to: 'device-1', subject: 'Trip delayed', attachments: [] }));
    expect(receipt.providerMessageId).toBe('wamid.456');
    expect(received[0].headers.authorization).toBeUndefined();
    expect(JSON.parse(received[0].body)).toMatchObject({ channel: 'PUSH', title: 'Trip delayed', attachments: [] });
  });

  it('uses the idempotency key as the provider id when a 2xx carries none', async () => {
    expect(await channel('/no-id').send(sms({ idempotencyKey: 'k-no-id' }))).toEqual({ providerMessageId: 'k-no-id' });
  });

  it('fails permanently on a 400, with the status and the provider text but never the token', async () => {
    const error = await failure(channel('/bad-request').send(sms()));
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('400');
    expect(error.message).toContain('invalid recipient');
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain('very-secret');
  });

  it('keeps at most 200 characters of the provider error text', async () => {
    const error = await failure(channel('/long-error').send(sms()));
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('422');
    expect(error.message).toContain('x'.repeat(200));
    expect(error.message).not.toContain('x'.repeat(201));
  });

  it.each([
    ['/unavailable', '503'],
    ['/rate-limited', '429'],
    ['/html-404', '404'],
  ])('fails transiently on %s', async (pathname, status) => {
    const error = await failure(channel(pathname).send(sms()));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain(status);
  });

  it('fails transiently when the provider does not answer in time', async () => {
    const error = await failure(channel('/hang', TOKEN, 150).send(sms()));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('did not answer');
    expect(received).toHaveLength(1);
  });

  it('fails transiently when the connection is refused', async () => {
    const port = await freePort();
    const refused = new HttpMessageChannel('WHATSAPP', { url: `http://127.0.0.1:${port}/send`, token: TOKEN }, 5_000);
    const error = await failure(refused.send(sms({ channel: 'WHATSAPP' })));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).not.toContain(TOKEN);
  });
});

describe('SmtpEmailChannel', () => {
  let server: SMTPServer;
  let port: number;
  let delivered: Array<{ from: string; to: string[]; raw: string }>;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const reply = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
        if (address.address.startsWith('unknown@')) return reply(550, '5.1.1 No such user');
        if (address.address.startsWith('greylisted@')) return reply(451, '4.7.1 Greylisted, try again later');
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          delivered.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as net.AddressInfo).port;
  });
  beforeEach(() => {
    delivered = [];
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const smtp = (url = `smtp://127.0.0.1:${port}`) => new SmtpEmailChannel({ smtpUrl: url, mailFrom: MAIL_FROM, timeoutMs: 5_000 });

  it('delivers the message with its attachment and the deterministic Message-ID', async () => {
    const channel = smtp();
    try {
      const receipt = await channel.send(message());
      expect(receipt.providerMessageId).toBe('<flight-42-ticket-buyer-email@safiri.notifications>');
      expect(delivered).toHaveLength(1);
      const [mail] = delivered;
      expect(mail.from).toBe('no-reply@safiri.example');
      expect(mail.to).toEqual(['amina@example.com']);
      expect(mail.raw).toMatch(/^Message-ID: <flight-42-ticket-buyer-email@safiri\.notifications>\r$/m);
      expect(mail.raw).toMatch(/^Subject: Your ticket ABC123\r$/m);
      expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=ticket-ABC123\.pdf/);
      expect(mail.raw.replace(/\r\n/g, '')).toContain(PDF.toString('base64'));
    } finally {
      await channel.close();
    }
  });

  it('encodes characters a Message-ID may not hold, keeping keys apart', async () => {
    const channel = smtp();
    const receipt = await channel.send(message({ idempotencyKey: 'booking:7 ticket' }));
    expect(receipt.providerMessageId).toBe('<booking%3A7%20ticket@safiri.notifications>');
    await channel.close();
  });

  it('fails permanently when the server answers 550 to RCPT', async () => {
    const error = await failure(smtp().send(message({ to: 'unknown@example.com' })));
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('550');
    expect(delivered).toEqual([]);
  });

  it('fails transiently when the server answers 451 to RCPT', async () => {
    const error = await failure(smtp().send(message({ to: 'greylisted@example.com' })));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('451');
  });

  it('fails transiently when nothing listens on the port', async () => {
    const closed = await freePort();
    const error = await failure(smtp(`smtp://user:hunter2-password@127.0.0.1:${closed}`).send(message()));
    expect(error.permanent).toBe(false);
    expect(error.message).not.toContain('hunter2');
  });
});

describe('createChannelAdapters', () => {
  const base = (): NotificationConfig => ({
    sinkDir: '/tmp/unused-sink',
    smtpUrl: null,
    mailFrom: MAIL_FROM,
    sms: null,
    whatsapp: null,
    push: null,
    httpTimeoutMs: 1_000,
    maxAttempts: 3,
    backoffMs: 10,
    reminderLeadSeconds: 600,
  });
  const capture = () => {
    const lines: string[] = [];
    return { lines, logger: createLogger('debug', {}, (line) => lines.push(line)) };
  };

  it('uses the sink for every channel when nothing is configured, and says where it writes', async () => {
    const { lines, logger } = capture();
    const adapters = createChannelAdapters({ ...base(), sinkDir: tmp }, logger);
    for (const channel of ['EMAIL', 'SMS', 'WHATSAPP', 'PUSH'] as const) {
      expect(adapters[channel]).toBeInstanceOf(SinkChannel);
      expect(adapters[channel].channel).toBe(channel);
      expect(adapters[channel].provider).toBe('sink');
    }
    const logs = lines.map((l) => JSON.parse(l) as { level: string; channel: string; directory?: string });
    expect(logs).toHaveLength(4);
    expect(logs.every((l) => l.level === 'info')).toBe(true);
    expect(logs.find((l) => l.channel === 'SMS')?.directory).toBe(path.join(tmp, 'sms'));
    await adapters.SMS.send(message({ channel: 'SMS', to: '+255712345678' }));
    expect(await readSink(tmp, 'SMS')).toHaveLength(1);
    await closeChannelAdapters(adapters);
  });

  it('uses SMTP and HTTP providers when configured, without logging secrets', async () => {
    const { lines, logger } = capture();
    const adapters = createChannelAdapters(
      {
        ...base(),
        smtpUrl: 'smtp://mailer:smtp-pass-123@smtp.example.com:587',
        sms: { url: 'https://sms.example.com/v1/messages?api_key=query-secret', token: 'sms-token-xyz' },
        push: { url: 'https://push.example.com/send', token: null },
      },
      logger,
    );
    expect(adapters.EMAIL).toBeInstanceOf(SmtpEmailChannel);
    expect(adapters.EMAIL.provider).toBe('smtp');
    expect(adapters.EMAIL.dedupesByKey).toBe(false);
    expect(adapters.SMS).toBeInstanceOf(HttpMessageChannel);
    expect(adapters.SMS.channel).toBe('SMS');
    expect(adapters.SMS.dedupesByKey).toBe(true);
    expect(adapters.PUSH).toBeInstanceOf(HttpMessageChannel);
    expect(adapters.WHATSAPP).toBeInstanceOf(SinkChannel);

    const output = lines.join('\n');
    expect(lines).toHaveLength(4);
    expect(output).toContain('smtp.example.com:587');
    expect(output).toContain('https://sms.example.com');
    for (const secret of ['smtp-pass-123', 'mailer', 'query-secret', 'sms-token-xyz']) expect(output).not.toContain(secret);
    await closeChannelAdapters(adapters);
  });
});
