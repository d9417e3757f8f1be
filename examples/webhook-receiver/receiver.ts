import http from 'node:http';
import { verifySafiriSignature } from './verify-signature';

const MAX_REMEMBERED = 10_000;

/**
 * A Safiri webhook receiver in a few lines: read the raw body, verify its signature, deduplicate on the event id, then
 * answer 2xx quickly (do slow work after answering: a delivery that takes over 10 s counts as failed and is retried).
 * `WEBHOOK_SECRET=whsec_… node dist/examples/webhook-receiver/receiver.js` (behind your HTTPS terminator).
 */
export function createReceiver(secret: string, handle: (event: { id: string; type: string; data: unknown }) => void): http.Server {
  const seen = new Set<string>();
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const check = verifySafiriSignature(raw, req.headers['safiri-signature'] as string | undefined, secret);
      if (!check.valid) return res.writeHead(400).end(check.reason);
      const event = JSON.parse(raw.toString('utf8')) as { id: string; type: string; data: unknown };
      if (!seen.has(event.id)) {
        seen.add(event.id);
        // Remembers the newest ids only (a real receiver keeps them in its database for a few days).
        if (seen.size > MAX_REMEMBERED) seen.delete(seen.values().next().value!);
        handle(event);
      }
      res.writeHead(204).end();
    });
  });
}

if (require.main === module) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) throw new Error('set WEBHOOK_SECRET to the secret shown when the endpoint was created');
  createReceiver(secret, (event) => console.log(event.type, event.id)).listen(Number(process.env.PORT ?? 8080));
}
